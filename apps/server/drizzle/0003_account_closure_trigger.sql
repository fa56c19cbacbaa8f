-- Keeps account_closure in step with the account tree: each new account gets a row for itself
-- (depth 0) and one for every ancestor of its parent. A parent never changes afterwards.
CREATE FUNCTION account_closure_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_closure (ancestor_id, descendant_id, depth)
  SELECT c.ancestor_id, NEW.id, c.depth + 1 FROM account_closure c WHERE c.descendant_id = NEW.parent_id
  UNION ALL
  SELECT NEW.id, NEW.id, 0;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_closure_on_insert AFTER INSERT ON accounts
  FOR EACH ROW EXECUTE FUNCTION account_closure_on_insert();
--> statement-breakpoint
CREATE FUNCTION accounts_parent_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an account cannot move to another parent';
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_parent_is_fixed BEFORE UPDATE OF parent_id ON accounts
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION accounts_parent_is_fixed();
--> statement-breakpoint
-- Accounts that existed before this migration.
WITH RECURSIVE tree(ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM accounts
  UNION ALL
  SELECT tree.ancestor_id, a.id, tree.depth + 1 FROM tree JOIN accounts a ON a.parent_id = tree.descendant_id
)
INSERT INTO account_closure (ancestor_id, descendant_id, depth) SELECT ancestor_id, descendant_id, depth FROM tree;
