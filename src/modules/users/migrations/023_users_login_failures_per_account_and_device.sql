-- Password guesses are capped per account across addresses as well as per address (issue [6],
-- src/modules/users/login-throttle.ts). A failure from a browser that logged in to that account before (a
-- known device, named by its signed cookie) carries the device's id and counts against the device
-- alone, so an attacker spreading guesses across addresses, or sharing the address of a school's
-- NAT, cannot lock the real user out of the browsers they already use.
ALTER TABLE login_failures ADD COLUMN device uuid;
CREATE INDEX login_failures_account_at ON login_failures (username, at) WHERE device IS NULL;
CREATE INDEX login_failures_device_at ON login_failures (device, at) WHERE device IS NOT NULL;
