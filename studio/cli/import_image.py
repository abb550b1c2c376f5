"""``studio import-image``: pictures from image files, as puzzles of a kind drawn from a
picture (nonograms, mosaics)."""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.arguments import (
    FORMAT_NAMES,
    Commands,
    add_colours,
    add_command,
    add_format,
    add_kind,
    add_timeout,
    listed,
    noun,
    parse_size,
    parse_threshold,
)
from studio.cli.outputs import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    as_text,
    json_line,
    note,
    output_folder,
    output_path,
    picture_record,
    report_error,
)
from studio.core import formats, pixelart
from studio.core.analysis_batch import analysed
from studio.core.errors import StudioError
from studio.core.kinds import KINDS
from studio.core.palette import alike_warning

_DRAWN = [kind for kind in KINDS if kind.drawn]  # the kinds a picture makes

_FIT = f"{pixelart.FIT_SIDE}x{pixelart.FIT_SIDE}"

_EPILOG = f"""\
An image of at most {pixelart.FIT_SIDE} pixels a side keeps its size, pixel for pixel; a larger one
is scaled down to fit within {_FIT} cells, keeping its aspect ratio (300x200 becomes 30x20;
pixel art saved at 2x, 3x... is first taken at its own size), unless --size is given.
Transparent pixels are always empty; an opaque pixel is filled when its luminance is below the
threshold: by default Otsu's threshold of the image's opaque pixels. With --colors K (K > 1) a
nonogram is in colour: the opaque pixels are quantised to at most K colours (median cut), the
transparent ones are the background (an image without any takes the colour of most of its
border as background), and the threshold plays no part.

Without -o each picture is printed as a text grid (or in --format), a blank line between
images; with --json only the JSON lines are printed: the object of 'studio analyze --json' plus
picture (rows of # and .; in colour '.' for the background and a, b, c... for the colours in the
order of colors, a list of "#rrggbb" with the background first). With -o, one image is
written to that file (format from its extension unless --format) and several go into that
folder, created if missing, as
<stem>.json (or the extension of --format). A bad image is reported on standard error and the
others are still imported; the exit status is then 2. Formats: {FORMAT_NAMES}.

examples:
  studio import-image icon.png
  studio import-image photo.png --size 40x30 --threshold 128
  studio import-image icon.png --colors 3 --json
  studio import-image icons/*.png -o puzzles/ --json"""


def add_parsers(commands: Commands) -> None:
    """Add ``import-image`` to the ``studio`` parser's commands."""
    summary = f"make {listed([noun(kind) for kind in _DRAWN], 'or')} puzzles from images"
    image = add_command(commands, "import-image", summary, _EPILOG)
    image.add_argument("images", nargs="+", metavar="IMAGE", help="PNG, GIF, BMP or XBM file")
    image.add_argument(
        "--size",
        type=parse_size,
        metavar="WxH",
        help=f"scale to W columns and H rows (default: the image's size, or fit within {_FIT} "
        "keeping the aspect ratio)",
    )
    image.add_argument(
        "--threshold",
        type=parse_threshold,
        metavar="N",
        help="pixels darker than this luminance (0-255) are filled (default: automatic, "
        "Otsu's threshold of the image)",
    )
    image.add_argument("--invert", action="store_true", help="fill the light pixels instead")
    add_colours(image, "at most K colours, a colour nonogram for K > 1 (default: 1)")
    image.add_argument("-o", "--output", metavar="OUT", help="file (one image) or folder")
    image.add_argument("--json", action="store_true", help="print the analysis as JSON Lines")
    add_format(image)
    add_timeout(image, " per image for --json")
    add_kind(image, default=_DRAWN[0].name)
    image.set_defaults(handler=run_import_image)


def run_import_image(args: argparse.Namespace) -> int:
    """``studio import-image``: each image becomes a nonogram (or a mosaic), written, printed or
    analysed; a bad image is reported and the others still imported."""
    options = pixelart.ImportOptions(
        threshold=args.threshold, invert=args.invert, shape=args.size, colours=args.colours
    )
    folder = output_folder(args.output, len(args.images))
    written: dict[Path, str] = {}
    status = EXIT_OK
    for position, image in enumerate(args.images):
        try:
            document = pixelart.import_document(image, options, kind=args.kind)
            if (alike := alike_warning(document.palette)) is not None:
                note(f"warning: {image}: {alike}")
            if args.output is not None:
                path = output_path(args.output, folder, image, args.format)
                if path in written:
                    raise StudioError(f"{image}: {path} was already written for {written[path]}")
                formats.save(document, path, format=args.format)
                written[path] = image
            if args.json:
                analysis = analysed(document.puzzle, timeout=args.timeout)
                print(json_line(picture_record(image, document, analysis)), flush=True)
            elif args.output is None:
                separator = "\n" if position > 0 else ""
                print(separator + as_text(document, args.format), end="", flush=True)
        except StudioError as error:
            report_error(error)
            status = EXIT_BAD_INPUT
    return status
