-- The shops' own PayPal accounts (issue [20], PayPal's partner referrals): the merchant id PayPal
-- gives once the shop is onboarded is its account at the provider 'paypal'.
ALTER TABLE payment_accounts DROP CONSTRAINT payment_accounts_provider_check;
ALTER TABLE payment_accounts ADD CONSTRAINT payment_accounts_provider_check CHECK (provider IN ('stripe', 'sandbox', 'paypal'));
