import type { BulkVariantChange, BulkVariantResult } from '@shop/contracts/admin-catalogue';
import { useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useCatalogueImportTexts } from '../../i18n/catalogue-import-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { bulkFilterOf, useBulkVariantChange } from './api/catalogue-transfer.ts';
import type { OfferFilter } from './offer-filter.ts';

type Kind = 'pricePercent' | 'stockSet' | 'stockAdd';

/**
 * "Change price / stock" for every variant the offers list's filter finds: a preview (dry run) first,
 * then the same change applied. Changing the form drops the preview, so what is applied was previewed.
 */
export function BulkVariantDialog({ filter }: { filter: OfferFilter }) {
  const texts = useCatalogueImportTexts().bulk;
  const { money } = useI18n();
  const announce = useAnnounce();
  const change = useBulkVariantChange();
  const [kind, setKind] = useState<Kind>('pricePercent');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [preview, setPreview] = useState<BulkVariantResult | null>(null);
  const id = useId();

  const request = (dryRun: boolean): BulkVariantChange | null => {
    if (!/^[+-]?\d{1,7}$/.test(amount.trim())) {
      setInvalid(true);
      return null;
    }
    setInvalid(false);
    return { ...bulkFilterOf(filter), [kind]: Number(amount.trim()), dryRun };
  };
  const edit = (next: () => void) => {
    next();
    setPreview(null);
    change.reset();
  };
  const kinds: [Kind, string][] = [
    ['pricePercent', texts.price],
    ['stockSet', texts.stockSet],
    ['stockAdd', texts.stockAdd],
  ];

  return (
    <ConfirmDialog
      trigger={texts.open}
      title={texts.title}
      onOpenChange={(isOpen) => {
        if (!isOpen) return;
        setKind('pricePercent');
        setAmount('');
        setInvalid(false);
        setPreview(null);
        change.reset();
      }}
    >
      {(close) => (
        <Form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            const body = request(true);
            if (body && !change.isPending) change.mutate(body, { onSuccess: setPreview });
          }}
        >
          <p>{texts.intro}</p>
          <fieldset className="field">
            <legend>{texts.kind}</legend>
            {kinds.map(([value, label]) => (
              <label key={value} className="radio">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => edit(() => setKind(value))}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{texts.amount}</label>
            <input
              id={`${id}-amount`}
              inputMode="numeric"
              value={amount}
              required
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              onChange={(event) => edit(() => setAmount(event.target.value))}
            />
            {invalid ? (
              <p id={`${id}-error`} className="field-error">
                {texts.amountInvalid}
              </p>
            ) : null}
          </div>
          <ProblemMessage error={change.error} />
          {preview ? (
            <div className="stack" data-testid="bulk-preview">
              <p role="status">{texts.variants(preview.variants)}</p>
              {preview.skippedOffers > 0 ? <p>{texts.skipped(preview.skippedOffers)}</p> : null}
              {preview.changes.length > 0 ? (
                // Wider than the dialog on a small screen: the scrolling region takes focus so a keyboard can scroll it.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe, WCAG 2.1.1).
                <section className="table-scroll" aria-label={texts.changesCaption} tabIndex={0}>
                  <table className="grid">
                    <thead>
                      <tr>
                        <th scope="col">{texts.offer}</th>
                        <th scope="col" className="numeric">
                          {texts.nightsPersons}
                        </th>
                        <th scope="col" className="numeric">
                          {texts.priceColumn}
                        </th>
                        <th scope="col" className="numeric">
                          {texts.stockColumn}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.changes.slice(0, 20).map((row) => (
                        <tr key={row.variantId}>
                          <td>{row.title}</td>
                          <td className="numeric">{`${row.nights} / ${row.persons}`}</td>
                          <td className="numeric">{`${money(row.priceBefore)} → ${money(row.priceAfter)}`}</td>
                          <td className="numeric">{`${row.stockBefore} → ${row.stockAfter}`}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              ) : null}
            </div>
          ) : null}
          <div className="dialog-buttons">
            <Button className="button" onPress={close}>
              {texts.close}
            </Button>
            <Button type="submit" className={preview ? 'button' : 'button primary'}>
              {texts.preview}
            </Button>
            {preview && preview.variants > 0 ? (
              <Button
                className="button primary"
                onPress={() => {
                  const body = request(false);
                  if (!body || change.isPending) return;
                  change.mutate(body, {
                    onSuccess: (result) => {
                      announce(texts.done(result.variants));
                      close();
                    },
                  });
                }}
              >
                {texts.apply}
              </Button>
            ) : null}
          </div>
        </Form>
      )}
    </ConfirmDialog>
  );
}
