import { describe, expect, it } from 'vitest';
import { notificationsPath, rolesForPath } from './access';

describe('rolesForPath (spec §6)', () => {
  it('gives admin paths to admins only', () => {
    expect(rolesForPath('/admin/users')).toEqual(['admin']);
    expect(rolesForPath('/dashboard/admin')).toEqual(['admin']);
  });
  it('gives shopkeeper paths to shopkeepers', () => {
    expect(rolesForPath('/shopkeeper/products')).toEqual(['shopkeeper']);
  });
  it('opens collaborator paths to shopkeepers too, but not coverage-area and activate-session', () => {
    expect(rolesForPath('/collaborator/tasks')).toEqual(['collaborator', 'shopkeeper']);
    expect(rolesForPath('/collaborator/assignments')).toEqual(['collaborator', 'shopkeeper']);
    expect(rolesForPath('/collaborator/coverage-area')).toEqual(['collaborator']);
    expect(rolesForPath('/collaborator/activate-session')).toEqual(['collaborator']);
  });
  it('keeps the workspace of an active session to collaborators', () => {
    expect(rolesForPath('/collaborator/session')).toEqual(['collaborator']);
    expect(rolesForPath('/collaborator/session/products/new')).toEqual(['collaborator']);
    expect(rolesForPath('/collaborator/earnings')).toEqual(['collaborator', 'shopkeeper']);
  });
  it('gives the customer area to customers only', () => {
    expect(rolesForPath('/dashboard/customer')).toEqual(['customer']);
    expect(rolesForPath('/customer/orders')).toEqual(['customer']);
    expect(rolesForPath('/customer/checkout/confirmation')).toEqual(['customer']);
    expect(rolesForPath('/customer')).toEqual(['customer']);
  });
  it('leaves other paths to any logged-in user, notifications outside the customer area included', () => {
    expect(rolesForPath('/notifications')).toBeNull();
    expect(rolesForPath('/customers-corner')).toBeNull();
    expect(rolesForPath(notificationsPath('shopkeeper'))).toBeNull();
    expect(rolesForPath(notificationsPath('customer'))).toEqual(['customer']);
  });
});
