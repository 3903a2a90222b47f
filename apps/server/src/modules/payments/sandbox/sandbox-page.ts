import type { Locale } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';
import { escapeHtml } from '#src/http/escape-html.ts';
import type { ProviderName } from '../payment-provider.ts';
import type { SandboxPayment } from './sandbox.repository.ts';

/**
 * The simulator's stand-in for PayPal's and Amazon Pay's approval pages: plain server-rendered HTML
 * with one POST form per outcome, so it works without JavaScript and in any test browser.
 */
export const sandboxActions = ['approve', 'cancel', 'decline', 'timeout', 'expire'] as const;
export type SandboxAction = (typeof sandboxActions)[number];

type Texts = {
  title: string;
  notice: (provider: string) => string;
  intro: (provider: string) => string;
  amount: string;
  reference: string;
  chooseOutcome: string;
  actions: Record<SandboxAction, { label: string; hint: string }>;
  captured: string;
  backToShop: string;
  notFoundTitle: string;
  notFoundText: string;
};

const texts: Record<Locale, Texts> = {
  de: {
    title: 'Simulierte Zahlung',
    notice: (provider) => `Simuliertes ${provider} – es fließt kein echtes Geld.`,
    intro: (provider) =>
      `Im Testbetrieb ersetzt diese Seite die Seite von ${provider}. Wählen Sie, wie die Zahlung ausgehen soll.`,
    amount: 'Betrag',
    reference: 'Referenz',
    chooseOutcome: 'Ergebnis der Zahlung',
    actions: {
      approve: { label: 'Zahlung freigeben', hint: 'Die Zahlung wird genehmigt und kann eingezogen werden.' },
      cancel: { label: 'Abbrechen', hint: 'Zurück zum Shop, ohne zu bezahlen.' },
      decline: { label: 'Ablehnen', hint: 'Der Zahlungsanbieter lehnt die Zahlung ab.' },
      timeout: { label: 'Zeitüberschreitung', hint: 'Der Zahlungsanbieter antwortet nicht rechtzeitig.' },
      expire: {
        label: 'Zu spät freigeben',
        hint: 'Die Freigabe ist abgelaufen, bevor der Shop die Zahlung einzieht.',
      },
    },
    captured: 'Diese Zahlung ist bereits abgeschlossen.',
    backToShop: 'Zurück zum Shop',
    notFoundTitle: 'Zahlung nicht gefunden',
    notFoundText: 'Diese simulierte Zahlung gibt es nicht. Bitte starten Sie die Zahlung im Shop neu.',
  },
  en: {
    title: 'Simulated payment',
    notice: (provider) => `Simulated ${provider} – no real money is moved.`,
    intro: (provider) =>
      `In test mode this page stands in for the ${provider} page. Choose how the payment should turn out.`,
    amount: 'Amount',
    reference: 'Reference',
    chooseOutcome: 'Outcome of the payment',
    actions: {
      approve: { label: 'Approve payment', hint: 'The payment is approved and can be captured.' },
      cancel: { label: 'Cancel', hint: 'Back to the shop without paying.' },
      decline: { label: 'Decline', hint: 'The payment provider declines the payment.' },
      timeout: { label: 'Time-out', hint: 'The payment provider does not answer in time.' },
      expire: {
        label: 'Approve too late',
        hint: 'The approval lapses before the shop captures the payment.',
      },
    },
    captured: 'This payment has already been completed.',
    backToShop: 'Back to the shop',
    notFoundTitle: 'Payment not found',
    notFoundText: 'This simulated payment does not exist. Please start the payment again in the shop.',
  },
  it: {
    title: 'Pagamento simulato',
    notice: (provider) => `${provider} simulato – non viene trasferito denaro reale.`,
    intro: (provider) =>
      `In modalità di prova questa pagina sostituisce quella di ${provider}. Scegli l'esito del pagamento.`,
    amount: 'Importo',
    reference: 'Riferimento',
    chooseOutcome: 'Esito del pagamento',
    actions: {
      approve: {
        label: 'Autorizza pagamento',
        hint: 'Il pagamento viene autorizzato e può essere incassato.',
      },
      cancel: { label: 'Annulla', hint: 'Torna al negozio senza pagare.' },
      decline: { label: 'Rifiuta', hint: 'Il fornitore di pagamento rifiuta il pagamento.' },
      timeout: { label: 'Timeout', hint: 'Il fornitore di pagamento non risponde in tempo.' },
      expire: {
        label: 'Autorizza troppo tardi',
        hint: "L'autorizzazione scade prima che il negozio incassi il pagamento.",
      },
    },
    captured: 'Questo pagamento è già stato completato.',
    backToShop: 'Torna al negozio',
    notFoundTitle: 'Pagamento non trovato',
    notFoundText: 'Questo pagamento simulato non esiste. Si prega di riavviare il pagamento nel negozio.',
  },
};

const brandColours: Record<ProviderName, { accent: string; accentText: string; band: string }> = {
  paypal: { accent: '#ffc439', accentText: '#111111', band: '#003087' },
  amazonpay: { accent: '#ffd814', accentText: '#0f1111', band: '#232f3e' },
};

export function renderSandboxPage(options: {
  locale: Locale;
  provider: ProviderName;
  providerLabel: string;
  payment: SandboxPayment;
  /** Where the customer goes back to once the payment is captured. */
  returnUrl: string;
}): string {
  const t = texts[options.locale];
  const { payment, provider, providerLabel } = options;
  const action = (name: SandboxAction) => `/sandbox/${provider}/${encodeURIComponent(payment.id)}/${name}`;
  const forms = sandboxActions
    .map((name) => {
      const { label, hint } = t.actions[name];
      return `<form method="post" action="${escapeHtml(action(name))}" class="choice">
          <button type="submit" class="button ${name === 'approve' ? 'primary' : 'secondary'}" aria-describedby="hint-${name}">${escapeHtml(label)}</button>
          <p id="hint-${name}" class="hint">${escapeHtml(hint)}</p>
        </form>`;
    })
    .join('\n        ');
  const body =
    payment.state === 'captured'
      ? `<p class="done" role="status">${escapeHtml(t.captured)}</p>
      <p><a class="button primary" href="${escapeHtml(options.returnUrl)}">${escapeHtml(t.backToShop)}</a></p>`
      : `<section aria-labelledby="outcome">
        <h2 id="outcome">${escapeHtml(t.chooseOutcome)}</h2>
        ${forms}
      </section>`;
  return layout({
    locale: options.locale,
    provider,
    title: `${t.title} · ${providerLabel}`,
    main: `<p class="notice" role="note"><span aria-hidden="true">⚠</span> <strong>${escapeHtml(t.notice(providerLabel))}</strong></p>
      <h1>${escapeHtml(t.title)}</h1>
      <p>${escapeHtml(t.intro(providerLabel))}</p>
      <dl class="summary">
        <div><dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(formatPrice(payment.amount_cents, options.locale, payment.currency.trim()))}</dd></div>
        <div><dt>${escapeHtml(t.reference)}</dt><dd><code>${escapeHtml(payment.id)}</code></dd></div>
      </dl>
      ${body}`,
    band: `${providerLabel} · Sandbox`,
  });
}

export function renderSandboxNotFoundPage(locale: Locale): string {
  const t = texts[locale];
  return layout({
    locale,
    provider: null,
    title: t.notFoundTitle,
    band: t.title,
    main: `<h1>${escapeHtml(t.notFoundTitle)}</h1>
      <p>${escapeHtml(t.notFoundText)}</p>`,
  });
}

function layout(options: {
  locale: Locale;
  provider: ProviderName | null;
  title: string;
  band: string;
  main: string;
}): string {
  const colours = options.provider
    ? brandColours[options.provider]
    : { accent: '#0b6e4f', accentText: '#ffffff', band: '#1f2328' };
  return `<!doctype html>
<html lang="${options.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex, nofollow">
  <title>${escapeHtml(options.title)}</title>
  <style>
    :root { color-scheme: light; --accent: ${colours.accent}; --accent-text: ${colours.accentText}; --band: ${colours.band}; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #f3f4f6; }
    header { background: var(--band); color: #fff; padding: 0.9rem 1.25rem; font-weight: 700; letter-spacing: 0.02em; }
    main { max-width: 34rem; margin: 2rem auto; padding: 1.75rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
    h1 { font-size: 1.6rem; margin: 0.75rem 0 0.5rem; }
    h2 { font-size: 1.1rem; margin: 1.5rem 0 0.75rem; }
    .notice { margin: 0; padding: 0.75rem 1rem; border: 2px solid #9a6700; border-radius: 8px; background: #fff8c5; color: #3b2300; }
    .summary { display: grid; gap: 0.5rem; margin: 1.25rem 0; padding: 1rem; border-radius: 8px; background: #f6f7f9; }
    .summary div { display: flex; justify-content: space-between; gap: 1rem; align-items: baseline; }
    dt { color: #57606a; }
    dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
    .amount { font-size: 1.5rem; font-weight: 700; }
    .choice { margin: 0 0 0.9rem; }
    .button { display: inline-block; width: 100%; padding: 0.8rem 1rem; border-radius: 999px; border: 2px solid transparent; font: inherit; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
    .primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
    .secondary { background: #fff; color: #1f2328; border-color: #8c959f; }
    .button:hover { filter: brightness(0.95); }
    .button:focus-visible { outline: 3px solid #0969da; outline-offset: 3px; }
    .hint { margin: 0.3rem 0 0; font-size: 0.9rem; color: #57606a; text-align: center; }
    .done { padding: 0.75rem 1rem; border-radius: 8px; background: #dafbe1; color: #0f3d1f; }
    code { font-size: 0.9rem; }
    @media (prefers-reduced-motion: no-preference) { .button { transition: filter 0.15s; } }
  </style>
</head>
<body>
  <header>${escapeHtml(options.band)}</header>
  <main>
      ${options.main}
  </main>
</body>
</html>
`;
}
