"""Drawing with QPainter: the same code for the canvas, images and printed pages."""
