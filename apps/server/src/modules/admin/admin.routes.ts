import type { FastifyInstance } from 'fastify';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { registerAdminAccess } from './admin-access.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerAdminBankRoutes } from './bank/admin-bank.routes.ts';
import { registerBrandConfigRoutes } from './brands/brand-config.routes.ts';
import type { BrandConfigDeps } from './brands/brand-config-versions.ts';
import { registerCatalogueAdminRoutes } from './catalogue/catalogue-admin.routes.ts';
import { registerContentAdminRoutes } from './content/content.routes.ts';
import { registerOrderExportRoutes } from './exports/order-exports.routes.ts';
import { registerGiftCardRoutes } from './gift-cards/gift-cards.routes.ts';
import type { ActionDeps } from './orders/admin-order-actions.ts';
import { registerAdminOrderRoutes } from './orders/admin-orders.routes.ts';
import { registerOpenHoldRoutes } from './orders/open-holds.ts';
import { registerPromotionAdminRoutes } from './promotions/promotion-admin.routes.ts';
import { registerServiceRecordRoutes } from './records/records.routes.ts';
import { registerReportRoutes } from './reports/reports.routes.ts';
import { registerStaffAuthRoutes, type staffLoginLimits } from './staff/staff-auth.routes.ts';
import type { StaffCookie } from './staff/staff-cookie.ts';
import { registerStaffManagementRoutes } from './staff/staff-management.routes.ts';

export type AdminDeps = ActionDeps & {
  brands: Pick<BrandDirectory, 'byId'>;
  brandConfigs: BrandConfigDeps['brandConfigs'];
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
  registerCatalogueAdminRoutes(app, deps);
  registerGiftCardRoutes(app, deps);
  registerPromotionAdminRoutes(app, deps);
  registerBrandConfigRoutes(app, deps);
  registerContentAdminRoutes(app, deps);
}
