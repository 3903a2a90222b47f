/**
 * Voucher PDF rendering in process: after a warm-up, renders N vouchers one after another to
 * buffers on one core (pdfkit works synchronously) and reports PDFs per second, p50/p95 ms per PDF,
 * CPU ms per PDF and the PDF size, for the gift and plain layouts and a sandbox specimen.
 *
 *   npx tsx bench/voucher-pdf.bench.ts [--count 500] [--warmup 50]
 *
 * Results go to bench/out/voucher-pdf.json. Target: ≥ 40 PDFs/s per core, p95 ≤ 50 ms.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brandLogoPng } from '../apps/server/src/modules/documents/brand-logo.ts';
import { pdfToBuffer } from '../apps/server/src/modules/documents/pdf-buffer.ts';
import { renderVoucherPdf, type VoucherPdfInput } from '../apps/server/src/modules/documents/voucher-pdf.ts';
import { benchDir, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '500' }, warmup: { type: 'string', default: '50' } },
});
const count = Number(values.count);
const warmup = Number(values.warmup);

// Rasterised once, as the server would per brand; the documents embed the PNG.
const logoPng = await brandLogoPng(readFileSync(path.join(benchDir, '..', 'assets/brands/demo/logo.svg')));

const base: VoucherPdfInput = {
  locale: 'de',
  code: 'K7QM-XR4T-9P2W',
  layout: 'gift',
  message:
    'Liebe Anna, alles Gute zum Geburtstag! Genieß die Tage am See und lass dich verwöhnen – wir freuen uns schon auf deine Fotos. Dein Jürgen',
  guestName: 'Anna Groß',
  offerTitle: '3 Tage Wellness am Tegernsee mit Halbpension und Spa-Eintritt',
  hotel: {
    name: "Hôtel Château d'Été",
    street: 'Seestraße 12',
    postcode: '83684',
    city: 'Tegernsee',
    country: 'Deutschland',
    phone: '+49 8022 12345',
    email: 'info@chateau-ete.example',
  },
  nights: 2,
  persons: 2,
  board: 'Halbpension: Frühstück und Abendessen',
  inclusions: [
    { label: 'Begrüßungsgetränk', quantity: 1, per: 'person' },
    { label: 'Eintritt in den Wellnessbereich', quantity: 1, per: 'night' },
    { label: 'Teilkörpermassage (25 Min.)', quantity: 1, per: 'person' },
  ],
  arrivalDays: [5, 6],
  minStayNights: null,
  blackoutPeriods: [{ from: '2026-12-23', to: '2027-01-06', reason: 'christmas-new-year' }],
  validUntil: new Date('2029-11-24T12:00:00Z'),
  issuedAt: new Date('2026-11-24T12:00:00Z'),
  orderId: 4711,
  bookingInstructions: [
    'Rufen Sie das Hotel an oder schreiben Sie eine E-Mail und nennen Sie Ihren Wunschtermin sowie den Gutscheincode.',
    'Das Hotel bestätigt Ihre Buchung nach Verfügbarkeit. Bitte buchen Sie frühzeitig, besonders in den Ferien.',
    'Bringen Sie den Gutschein ausgedruckt oder auf dem Smartphone zur Anreise mit.',
  ],
  brand: {
    name: 'Ferienglück Gutscheine',
    logoPng,
    primaryColor: '#0b6e4f',
    supportEmail: 'service@ferienglueck.example',
    supportPhone: '+49 89 1234567-0',
    website: 'ferienglueck.example',
  },
  seller: [
    'Ferienglück Touristik GmbH · Leopoldstraße 8, 80802 München, Deutschland',
    'Registereintrag HRB 234567, Amtsgericht München · USt-IdNr. DE301234567',
  ],
  specimen: false,
  preview: false,
};

const scenarios: { name: string; input: Partial<VoucherPdfInput> }[] = [
  { name: 'gift, logo, message', input: {} },
  { name: 'plain, logo, no message', input: { layout: 'plain', message: null } },
  { name: 'gift, specimen (sandbox)', input: { specimen: true } },
];

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// Every voucher gets its own code, as in the shop: the QR code differs from one PDF to the next.
const codeOf = (index: number) => {
  const digits = index.toString(36).toUpperCase().padStart(12, 'X');
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}`;
};

const rows = [];
for (const scenario of scenarios) {
  const input = { ...base, ...scenario.input };
  for (let index = 0; index < warmup; index++)
    await pdfToBuffer(renderVoucherPdf({ ...input, code: codeOf(index) }));
  const durations: number[] = [];
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    const pdf = await pdfToBuffer(renderVoucherPdf({ ...input, code: codeOf(index) }));
    durations.push(performance.now() - start);
    bytes += pdf.length;
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  durations.sort((a, b) => a - b);
  rows.push({
    scenario: scenario.name,
    'PDFs/s': round((count * 1000) / wallMs),
    'p50 ms': round(percentile(durations, 0.5), 2),
    'p95 ms': round(percentile(durations, 0.95), 2),
    'max ms': round(durations.at(-1)!, 2),
    'CPU ms/PDF': round((cpu.user + cpu.system) / 1000 / count, 2),
    'size KB': round(bytes / count / 1024),
  });
}

console.log(`${count} vouchers per scenario after ${warmup} warm-up renders, Node ${process.version}`);
console.table(rows);
await writeResults('voucher-pdf', { count, warmup, node: process.version, results: rows });
