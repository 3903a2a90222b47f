import type { FastifyInstance } from 'fastify';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { registerAdminAccess } from './admin-access.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerAdminBankRoutes } from './bank/admin-bank.routes.ts';
import { registerOrderExportRoutes } from './exports/order-exports.routes.ts';
import type { ActionDeps } from './orders/admin-order-actions.ts';
import { registerAdminOrderRoutes } from './orders/admin-orders.routes.ts';
import { registerOpenHoldRoutes } from './orders/open-holds.ts';
import { registerServiceRecordRoutes } from './records/records.routes.ts';
import { registerReportRoutes } from './reports/reports.routes.ts';
import { registerStaffAuthRoutes, type staffLoginLimits } from './staff/staff-auth.routes.ts';
import type { StaffCookie } from './staff/staff-cookie.ts';
import { registerStaffManagementRoutes } from './staff/staff-management.routes.ts';

export type AdminDeps = ActionDeps & {
  brands: Pick<BrandDirectory, 'byId'>;
  cookie: StaffCookie;
  /** NODE_ENV=production: an operator must set up a second factor before anything else. */
  operatorsNeedTotp: boolean;
  loginLimits?: typeof staffLoginLimits;
};

/** The back office's API under /api/admin (issue 25): access rules first, then every route. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  registerAdminAccess(app, deps);
  registerStaffAuthRoutes(app, deps);
  registerAdminOrderRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerAdminBankRoutes(app, deps);
  registerOpenHoldRoutes(app, deps);
  registerOrderExportRoutes(app, deps);
  registerStaffManagementRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerServiceRecordRoutes(app, deps);
}
