"""Coloretto's pictures and alt texts: views and events in, PNG bytes and text out."""
