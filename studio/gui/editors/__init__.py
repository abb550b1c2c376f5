"""Each kind's editor for the puzzle view (see :class:`.base.KindEditor`); the Qt side's table
of kinds (:mod:`studio.gui.kinds`) says which is whose."""
