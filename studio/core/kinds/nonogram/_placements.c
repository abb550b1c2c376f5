/* The line solver's inner step in C: every placement of a clue's runs in one line, given the
 * values each cell may still take (studio/core/kinds/nonogram/linesolve.py, docs/algorithms.md,
 * "Line solver").
 *
 * placements(runs, length, possible) -> (starts, can) or None
 *
 *   runs      tuple of (length, colour) pairs, lengths >= 1, colours 1 .. len(possible) - 1
 *   length    the number of cells n of the line
 *   possible  tuple of ints, one per value (0 the background, then each colour): bit x set when
 *             cell x may still take that value
 *
 * Returns, as ints of the same bit layout, the cells where each run starts in some valid
 * placement and, per value, the cells that take it in some valid placement; None when no
 * placement agrees with `possible`.
 *
 * The DP over (run, position) is the one Python ran on bit sets before (a forward pass over
 * prefixes and a backward pass over suffixes, then every run start a prefix and a suffix agree
 * on), here on byte tables: O(n k) steps of a few instructions, where one Python step cost as
 * much as a pass. Two runs of one colour need a background cell between them; runs of two
 * colours may touch (the colour nonogram rule, as pbnsolve's line solver reads it). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WORD_BITS 64

/* The low `length` bits of `number` into `words` (length / 64 words, rounded up). */
static int
bits_of(PyObject *number, Py_ssize_t length, uint64_t *words)
{
    Py_ssize_t count = (length + WORD_BITS - 1) / WORD_BITS;
    if (!PyLong_Check(number)) {
        PyErr_SetString(PyExc_TypeError, "possible: expected ints");
        return -1;
    }
    Py_INCREF(number);
    for (Py_ssize_t i = 0; i < count; i++) {
        words[i] = PyLong_AsUnsignedLongLongMask(number);
        if (words[i] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(number);
            return -1;
        }
        if (i + 1 < count) {
            PyObject *shift = PyLong_FromLong(WORD_BITS);
            PyObject *rest = shift ? PyNumber_Rshift(number, shift) : NULL;
            Py_XDECREF(shift);
            Py_DECREF(number);
            if (rest == NULL)
                return -1;
            number = rest;
        }
    }
    Py_DECREF(number);
    return 0;
}

/* An int whose bit x is set where flags[x] is, for x < length. */
static PyObject *
int_of(const uint8_t *flags, Py_ssize_t length)
{
    Py_ssize_t count = (length + WORD_BITS - 1) / WORD_BITS;
    PyObject *result = PyLong_FromLong(0);
    for (Py_ssize_t i = count - 1; i >= 0 && result != NULL; i--) {
        uint64_t word = 0;
        Py_ssize_t end = (i + 1) * WORD_BITS < length ? (i + 1) * WORD_BITS : length;
        for (Py_ssize_t x = end - 1; x >= i * WORD_BITS; x--)
            word = (word << 1) | (flags[x] != 0);
        PyObject *low = PyLong_FromUnsignedLongLong(word);
        if (low == NULL || i == count - 1) {
            Py_DECREF(result);
            result = low;
            continue;
        }
        PyObject *shift = PyLong_FromLong(WORD_BITS);
        PyObject *high = shift ? PyNumber_Lshift(result, shift) : NULL;
        Py_XDECREF(shift);
        Py_DECREF(result);
        result = high ? PyNumber_Or(high, low) : NULL;
        Py_XDECREF(high);
        Py_DECREF(low);
    }
    return result;
}

typedef struct {
    Py_ssize_t runs, cells, values;
    Py_ssize_t *length;   /* per run */
    Py_ssize_t *colour;   /* per run */
    uint8_t *allowed;     /* [value][cell]: the cell may take the value */
    Py_ssize_t *stretch;  /* [value][cell]: cells allowing the value that end at this one */
    uint8_t *stretched;   /* [value]: its stretch is worked out (the runs' colours only) */
    /* [run][position], position 0 .. cells: */
    uint8_t *gap_before;  /* prefix of `position` cells holds runs 0 .. run-1, ends background */
    uint8_t *run_before;  /* ... ends with the last cell of run run-1 */
    uint8_t *gap_after;   /* suffix from `position` holds runs run .. k-1, starts background */
    uint8_t *run_after;   /* ... starts with run `run` */
    Py_ssize_t *cover;    /* [value][cell + 1]: run starts minus run ends, summed to coverage */
    uint8_t *found;       /* [value][cell] */
    uint8_t *starts;      /* [run][cell] */
} Line;

#define AT(table, row, column, width) ((table)[(size_t)(row) * (size_t)(width) + (size_t)(column)])

/* Run j may start right after a prefix of `position` cells holding runs 0 .. j-1. */
static int
may_start(const Line *line, Py_ssize_t j, Py_ssize_t position)
{
    Py_ssize_t width = line->cells + 1;
    if (AT(line->gap_before, j, position, width))
        return 1;
    return j > 0 && line->colour[j - 1] != line->colour[j] &&
           AT(line->run_before, j, position, width);
}

/* Run j, ending before `position`, may be followed by a suffix from there holding the rest. */
static int
may_end(const Line *line, Py_ssize_t j, Py_ssize_t position)
{
    Py_ssize_t width = line->cells + 1;
    if (AT(line->gap_after, j + 1, position, width))
        return 1;
    return j + 1 < line->runs && line->colour[j + 1] != line->colour[j] &&
           AT(line->run_after, j + 1, position, width);
}

/* Run j fits on cells position .. position + length - 1 (all may take its colour). */
static int
fits(const Line *line, Py_ssize_t j, Py_ssize_t position)
{
    Py_ssize_t end = position + line->length[j];
    return end <= line->cells &&
           AT(line->stretch, line->colour[j], end - 1, line->cells) >= line->length[j];
}

/* The DP; 0 when no placement exists. */
static int
solve(Line *line)
{
    Py_ssize_t n = line->cells, k = line->runs, width = n + 1;
    const uint8_t *background = line->allowed;
    for (Py_ssize_t j = 0; j < k; j++) {
        Py_ssize_t v = line->colour[j];
        if (line->stretched[v])
            continue;
        line->stretched[v] = 1;
        for (Py_ssize_t x = 0; x < n; x++)
            AT(line->stretch, v, x, n) =
                AT(line->allowed, v, x, n) ? (x ? AT(line->stretch, v, x - 1, n) : 0) + 1 : 0;
    }

    AT(line->gap_before, 0, 0, width) = 1;
    for (Py_ssize_t p = 1; p <= n; p++)
        for (Py_ssize_t j = 0; j <= k; j++) {
            AT(line->gap_before, j, p, width) =
                background[p - 1] &&
                (AT(line->gap_before, j, p - 1, width) || AT(line->run_before, j, p - 1, width));
            Py_ssize_t start = j ? p - line->length[j - 1] : -1;
            AT(line->run_before, j, p, width) =
                start >= 0 && fits(line, j - 1, start) && may_start(line, j - 1, start);
        }
    if (!AT(line->gap_before, k, n, width) && !AT(line->run_before, k, n, width))
        return 0;

    AT(line->gap_after, k, n, width) = 1;
    for (Py_ssize_t p = n - 1; p >= 0; p--)
        for (Py_ssize_t j = k; j >= 0; j--) {
            AT(line->gap_after, j, p, width) =
                background[p] &&
                (AT(line->gap_after, j, p + 1, width) || AT(line->run_after, j, p + 1, width));
            AT(line->run_after, j, p, width) =
                j < k && fits(line, j, p) && may_end(line, j, p + line->length[j]);
        }

    for (Py_ssize_t j = 0; j < k; j++)
        for (Py_ssize_t s = 0; s < n; s++)
            if (AT(line->run_after, j, s, width) && may_start(line, j, s)) {
                AT(line->starts, j, s, n) = 1;
                AT(line->cover, line->colour[j], s, width) += 1;
                AT(line->cover, line->colour[j], s + line->length[j], width) -= 1;
            }
    for (Py_ssize_t v = 1; v < line->values; v++) {
        Py_ssize_t covered = 0;
        for (Py_ssize_t x = 0; x < n; x++) {
            covered += AT(line->cover, v, x, width);
            AT(line->found, v, x, n) = covered > 0;
        }
    }
    /* Cell x is background between a prefix with j runs and a suffix with the others. */
    for (Py_ssize_t x = 0; x < n; x++)
        for (Py_ssize_t j = 0; j <= k && !AT(line->found, 0, x, n); j++)
            AT(line->found, 0, x, n) =
                AT(line->gap_before, j, x + 1, width) &&
                (AT(line->gap_after, j, x + 1, width) || AT(line->run_after, j, x + 1, width));
    return 1;
}

static int
read_runs(Line *line, PyObject *runs)
{
    for (Py_ssize_t j = 0; j < line->runs; j++) {
        PyObject *run = PyTuple_GET_ITEM(runs, j);
        if (!PyTuple_Check(run) || PyTuple_GET_SIZE(run) != 2) {
            PyErr_SetString(PyExc_TypeError, "runs: expected (length, colour) pairs");
            return -1;
        }
        line->length[j] = PyLong_AsSsize_t(PyTuple_GET_ITEM(run, 0));
        line->colour[j] = PyLong_AsSsize_t(PyTuple_GET_ITEM(run, 1));
        if (PyErr_Occurred())
            return -1;
        if (line->length[j] < 1 || line->colour[j] < 1 || line->colour[j] >= line->values) {
            PyErr_Format(PyExc_ValueError,
                         "runs: run %zd is (%zd, %zd); lengths are >= 1, colours 1 to %zd", j,
                         line->length[j], line->colour[j], line->values - 1);
            return -1;
        }
    }
    return 0;
}

static PyObject *
result_of(const Line *line)
{
    PyObject *starts = PyTuple_New(line->runs);
    PyObject *can = PyTuple_New(line->values);
    if (starts == NULL || can == NULL)
        goto fail;
    for (Py_ssize_t j = 0; j < line->runs; j++) {
        PyObject *mask = int_of(&AT(line->starts, j, 0, line->cells), line->cells);
        if (mask == NULL)
            goto fail;
        PyTuple_SET_ITEM(starts, j, mask);
    }
    for (Py_ssize_t v = 0; v < line->values; v++) {
        PyObject *mask = int_of(&AT(line->found, v, 0, line->cells), line->cells);
        if (mask == NULL)
            goto fail;
        PyTuple_SET_ITEM(can, v, mask);
    }
    return Py_BuildValue("(NN)", starts, can);
fail:
    Py_XDECREF(starts);
    Py_XDECREF(can);
    return NULL;
}

static PyObject *
placements(PyObject *module, PyObject *args)
{
    PyObject *runs, *possible;
    Line line;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!nO!:placements", &PyTuple_Type, &runs, &line.cells,
                          &PyTuple_Type, &possible))
        return NULL;
    line.runs = PyTuple_GET_SIZE(runs);
    line.values = PyTuple_GET_SIZE(possible);
    if (line.cells < 0 || line.values < 1) {
        PyErr_SetString(PyExc_ValueError, "a line has >= 0 cells and >= 1 value");
        return NULL;
    }
    Py_ssize_t n = line.cells, k = line.runs, values = line.values, width = n + 1;
    Py_ssize_t words = (n + WORD_BITS - 1) / WORD_BITS;
    size_t tables = (size_t)(k + 1) * (size_t)width;
    size_t indices = 2 * (size_t)k + (size_t)values * (size_t)n + (size_t)values * (size_t)width;
    size_t flags = (size_t)values * ((size_t)n * 2 + 1) + 4 * tables + (size_t)k * (size_t)n;
    char *memory = PyMem_Calloc(1, indices * sizeof(Py_ssize_t) + words * sizeof(uint64_t) + flags);
    if (memory == NULL)
        return PyErr_NoMemory();
    Py_ssize_t *index = (Py_ssize_t *)memory;
    line.length = index;
    line.colour = index + k;
    line.stretch = index + 2 * k;
    line.cover = line.stretch + (size_t)values * (size_t)n;
    uint64_t *mask = (uint64_t *)(memory + indices * sizeof(Py_ssize_t));
    uint8_t *flag = (uint8_t *)(mask + words);
    line.allowed = flag;
    line.found = line.allowed + (size_t)values * (size_t)n;
    line.gap_before = line.found + (size_t)values * (size_t)n;
    line.run_before = line.gap_before + tables;
    line.gap_after = line.run_before + tables;
    line.run_after = line.gap_after + tables;
    line.starts = line.run_after + tables;
    line.stretched = line.starts + (size_t)k * (size_t)n;

    PyObject *result = NULL;
    if (read_runs(&line, runs) < 0)
        goto done;
    for (Py_ssize_t v = 0; v < values; v++) {
        if (bits_of(PyTuple_GET_ITEM(possible, v), n, mask) < 0)
            goto done;
        for (Py_ssize_t x = 0; x < n; x++)
            AT(line.allowed, v, x, n) = (mask[x / WORD_BITS] >> (x % WORD_BITS)) & 1;
    }
    if (solve(&line))
        result = result_of(&line);
    else
        result = Py_NewRef(Py_None);
done:
    PyMem_Free(memory);
    return result;
}

static PyMethodDef methods[] = {
    {"placements", placements, METH_VARARGS,
     "placements(runs, length, possible) -> (starts, can) or None\n\n"
     "Every placement of runs ((length, colour) pairs) in a line of length cells where cell x\n"
     "may take value v only if bit x of possible[v] is set: per run the cells where it starts\n"
     "and per value the cells that take it in some placement, as bit masks; None if none."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_placements",
    .m_doc = "The line solver's placement DP in C (studio.core.kinds.nonogram.linesolve).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__placements(void)
{
    return PyModule_Create(&module);
}
