-- pg_trgm's similarity operators are C functions of the default cost 1, as cheap to the planner as an
-- integer comparison, while each call compares two sets of trigrams. So on a few thousand rows (the
-- members' names, the search lexicon) it chose a sequential scan that runs the operator on every row
-- (20 to 40 ms per search) over the trigram index (about 5 ms). A cost of 100 lets the plan see it.
-- Where the migrating role does not own the extension (one created by an administrator), the plans
-- stay as they were rather than the migration failing.
DO $$
BEGIN
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm operator costs left as they are: %', SQLERRM;
END $$;
