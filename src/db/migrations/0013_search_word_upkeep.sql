-- The dictionary's counts change with every event written (decision 0025), so each row is updated
-- often while its word never changes. Room left on each page lets those updates stay on the page
-- (heap-only tuples): the trigram index is not touched, and dead versions are pruned as pages are
-- read. Without it, a busy day leaves the trigram index many times its size and a neighbour lookup
-- at 40 ms instead of 2. Vacuumed early as well, for the versions pruning misses.
ALTER TABLE "search_word"
  SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 100);
