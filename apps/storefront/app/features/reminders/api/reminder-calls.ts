import { api, type BodyOf } from '#app/lib/api-client.ts';

/**
 * POST /api/reminder for a visitor (no token). The form says every outcome itself, next to its field
 * (reminder-failure.ts), so the call takes the client's quiet reaction ('lookup': no toast).
 */
export const askReminder = (request: BodyOf<'POST /api/reminder'>) =>
  api('POST /api/reminder', { action: 'lookup', auth: 'none', body: request });
