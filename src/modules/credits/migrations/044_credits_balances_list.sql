-- The admin's list of AI credit balances (issue [11]): each balance with its owner's names, one
-- relation the admin lists' word search reads like a table.
CREATE VIEW credit_balances AS
  SELECT a.user_id, a.balance, a.total_purchased, a.total_used, a.last_activity, u.username, u.name, u.role, u.admin_text
  FROM ai_credits a JOIN users u ON u.id = a.user_id;
