import type { InsuranceOffer, InsurancePolicy } from '@shop/contracts/insurance';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { getInsuranceOffer, type InsuranceAccess } from '../api/insurance-calls.ts';
import { typeLabels } from '../insurance-form.ts';

// The form (and zod with the messages it checks with) loads only when the buyer asks for it.
const loadForm = () => loadChunk(() => import('./insurance-form.tsx'));
const InsuranceForm = lazy(loadForm);

type OfferState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; offer: InsuranceOffer };

/**
 * Travel insurance for one paid voucher (issue 12), on brands whose config has insurance tariffs: the
 * policies booked so far, and "add travel insurance", which opens the traveller form.
 */
export function InsurancePanel({ access, voucherId }: { access: InsuranceAccess; voucherId: number }) {
  const { brand } = useShop();
  if (!brand.insurance) return null;
  return <InsuranceSection access={access} voucherId={voucherId} />;
}

function InsuranceSection({ access, voucherId }: { access: InsuranceAccess; voucherId: number }) {
  const t = useT();
  const titleId = useId();
  const [state, setState] = useState<OfferState>({ kind: 'loading' });
  const [isOpen, setIsOpen] = useState(false);
  const [justBooked, setJustBooked] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { orderId, orderKey } = access;

  useEffect(() => {
    let isCurrent = true;
    void getInsuranceOffer({ orderId, orderKey }, voucherId).then((result) => {
      if (isCurrent) setState(result.ok ? { kind: 'ready', offer: result.data } : { kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
  }, [orderId, orderKey, voucherId]);

  // Nothing to offer (no tariff band for this voucher, or the offer could not be read): no section.
  if (state.kind !== 'ready') return null;
  const { offer } = state;
  if (offer.options.length === 0 && offer.policies.length === 0) return null;
  const insured = new Set(offer.policies.map((policy) => policy.type));
  const open = offer.options.filter((option) => !insured.has(option.type));

  const booked = (policy: InsurancePolicy) => {
    setState({ kind: 'ready', offer: { ...offer, policies: [...offer.policies, policy] } });
    setJustBooked(policy.policyNumber);
    setIsOpen(false);
  };
  const close = () => {
    setIsOpen(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section className="voucher-insurance" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('insurance.title')}</h4>
      {offer.policies.map((policy) => (
        <PolicyConfirmation
          key={policy.policyNumber}
          policy={policy}
          isNew={policy.policyNumber === justBooked}
        />
      ))}
      {open.length > 0 && !isOpen ? (
        <>
          <p className="field-hint">{t('insurance.intro')}</p>
          <button
            ref={addButton}
            type="button"
            className="button secondary"
            onClick={() => setIsOpen(true)}
            onPointerEnter={() => void loadForm().catch(() => {})}
            onFocus={() => void loadForm().catch(() => {})}
          >
            {t('insurance.add')}
          </button>
        </>
      ) : null}
      {isOpen ? (
        <Suspense
          fallback={
            <p className="checkout-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{t('insurance.loadingForm')}</span>
            </p>
          }
        >
          <InsuranceForm
            access={access}
            voucherId={voucherId}
            persons={offer.persons}
            options={open}
            insurer={offer.insurer}
            travellerDefaults={offer.travellers}
            onBooked={booked}
            onCancel={close}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** A booked policy: its number, the PDF and, right after booking, that the mail is on its way. */
function PolicyConfirmation({ policy, isNew }: { policy: InsurancePolicy; isNew: boolean }) {
  const t = useT();
  const heading = useRef<HTMLParagraphElement>(null);
  // Where the form was: the focus goes to what replaced it, and a screen reader reads it.
  useEffect(() => {
    if (isNew) heading.current?.focus();
  }, [isNew]);
  return (
    <div className="notice insurance-policy" data-policy-number={policy.policyNumber}>
      <p ref={heading} tabIndex={-1}>
        <strong>{t('insurance.booked', { type: t(typeLabels[policy.type]) })}</strong>
      </p>
      <p>
        {t('insurance.policyNumber')}{' '}
        <strong className="insurance-policy-number">{policy.policyNumber}</strong>
        {' · '}
        {t('insurance.premium', { price: policy.premium.display })}
      </p>
      {policy.coveredDays !== null ? <p>{t('insurance.coverDays', { days: policy.coveredDays })}</p> : null}
      <p>
        <a href={policy.pdfUrl} target="_blank" rel="noopener">
          {t('insurance.pdf')}
          <span className="visually-hidden"> {t('checkout.newWindow')}</span>
        </a>
      </p>
      {isNew ? <p role="status">{t('insurance.mailSent')}</p> : null}
    </div>
  );
}
