-- Packages (src/modules/packages/purchase-process.ts): the activation looks for paid package
-- purchases not yet active every time the payments' read model moves on. Without these it read
-- the whole payments table (and the purchases for each), and a busy platform's every webhook paid
-- for it: bench:payments fell from 618 to 459 webhooks a second between a 4 and a 10 second run.
CREATE INDEX payment_transactions_paid_packages ON payment_transactions (completed_at)
  WHERE transaction_type = 'package_purchase' AND status = 'completed' AND package_id IS NOT NULL;
CREATE INDEX user_packages_transaction ON user_packages (transaction_id);
