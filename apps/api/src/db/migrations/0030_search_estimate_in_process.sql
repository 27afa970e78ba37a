-- A broad search's total is now estimated in the API process from the column's statistics
-- (decision 051); nothing calls the planner's per-query estimate of migration 0029 any more.
DROP FUNCTION IF EXISTS tasbiq_row_estimate(text);
