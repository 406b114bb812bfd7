-- Idle tables stay out of memory across a restart. `owes_work` is 1 while a table has
-- something to do that no person will ask for: an AI seat's move, the message of its new turn
-- or of its lobby, an edit it owes, a retry of a paused table. A restart loads those (and any
-- table with posts not out yet), the others wait in the database for a click, a timer or a
-- chat line. Written with every version of a table, and 1 for the tables stored before (safe).
ALTER TABLE game_tables ADD COLUMN owes_work INTEGER NOT NULL DEFAULT 1
