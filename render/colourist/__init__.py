"""Colourist's pictures: the track, the word card, the reveal and the results (Pillow only).

Words come from a `labels` mapping the bot passes in the table's language (`labels.LABELS_EN`
is the English reference); the shown word or phrase is passed already printed.
"""
