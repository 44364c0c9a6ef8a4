-- The full-text match (tsvector @@ tsquery) is a C function of the default cost 1, as cheap to the
-- planner as an integer comparison, while each call reads a whole document and looks up every word
-- of the query in it. So for two words that the statistics cannot size, it chose to run the match on
-- every project (a sequential scan) over reading the text index: at 50,000 projects, one search fell
-- back on a sequential scan. A cost of 100 lets the plan see it, as 0018 does for trigram likeness.
-- Where the migrating role may not alter a built-in function (a managed server), plans stay as they were.
DO $$
BEGIN
  ALTER FUNCTION ts_match_vq(tsvector, tsquery) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'full-text match cost left as it is: %', SQLERRM;
END $$;
