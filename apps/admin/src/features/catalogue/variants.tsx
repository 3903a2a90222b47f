import type { AdminVariant } from '@shop/contracts/admin-catalogue';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { eurosForInput } from '../../lib/euros.ts';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useAddVariant, usePatchVariant } from './api/catalogue.ts';
import { type FieldMessages, fieldMessagesOf, InputField } from './form-bits.tsx';
import { emptyVariant, type VariantDraft, variantValuesOf } from './offer-draft.ts';

/** A new offer's variants, sent with it: one row each, added and removed here. */
export function NewVariants({
  variants,
  onChange,
  messages,
}: {
  variants: VariantDraft[];
  onChange(variants: VariantDraft[]): void;
  messages: FieldMessages;
}) {
  const texts = useCatalogueTexts();
  return (
    <fieldset className="fieldset">
      <legend>{texts.variants.legend}</legend>
      {messages.variants ? <p className="field-error">{messages.variants}</p> : null}
      {variants.map((variant, index) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id yet; removing one re-renders the rest.
          key={index}
          className="fieldset"
        >
          <legend>{texts.variants.row(index + 1)}</legend>
          <VariantFields
            variant={variant}
            onChange={(next) => onChange(variants.map((other, at) => (at === index ? next : other)))}
            errorOf={(field) => messages[`variants.${index}.${field}`]}
          />
          {variants.length > 1 ? (
            <Button className="button" onPress={() => onChange(variants.filter((_, at) => at !== index))}>
              {texts.variants.remove(index + 1)}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <Button className="button" onPress={() => onChange([...variants, emptyVariant()])}>
        {texts.variants.add}
      </Button>
    </fieldset>
  );
}

function VariantFields({
  variant,
  onChange,
  errorOf,
  amountsOnly = false,
}: {
  variant: VariantDraft;
  onChange(variant: VariantDraft): void;
  errorOf(field: string): string | undefined;
  amountsOnly?: boolean;
}) {
  const texts = useCatalogueTexts();
  const set = (next: Partial<VariantDraft>) => onChange({ ...variant, ...next });
  return (
    <div className="field-row">
      {amountsOnly ? null : (
        <>
          <InputField
            label={texts.variants.nights}
            inputMode="numeric"
            value={variant.nights}
            onChange={(nights) => set({ nights })}
            error={errorOf('nights')}
          />
          <InputField
            label={texts.variants.persons}
            inputMode="numeric"
            value={variant.persons}
            onChange={(persons) => set({ persons })}
            error={errorOf('persons')}
          />
        </>
      )}
      <InputField
        label={texts.variants.price}
        inputMode="decimal"
        value={variant.price}
        onChange={(price) => set({ price })}
        error={errorOf('priceCents')}
      />
      <InputField
        label={texts.variants.original}
        inputMode="decimal"
        value={variant.original}
        onChange={(original) => set({ original })}
        error={errorOf('originalPriceCents')}
      />
      <InputField
        label={texts.variants.stock}
        inputMode="numeric"
        value={variant.stock}
        onChange={(stock) => set({ stock })}
        error={errorOf('stock')}
      />
      <InputField
        label={texts.variants.net}
        inputMode="decimal"
        value={variant.net}
        onChange={(net) => set({ net })}
        error={errorOf('netRateCents')}
      />
    </div>
  );
}

/** A saved offer's variants: price, "statt" price and stock edited in their row, each row saved on its own. */
export function VariantsTable({ offerId, variants }: { offerId: number; variants: AdminVariant[] }) {
  const texts = useCatalogueTexts();
  return (
    <section aria-labelledby="variants-title" className="card stack">
      <h2 id="variants-title">{texts.variants.legend}</h2>
      <div className="table-scroll">
        <table className="grid variants-grid">
          <thead>
            <tr>
              <th scope="col">{texts.variants.stay}</th>
              <th scope="col">{texts.variants.price}</th>
              <th scope="col">{texts.variants.original}</th>
              <th scope="col">{texts.variants.stock}</th>
              <th scope="col">{texts.variants.net}</th>
              <th scope="col">{texts.variants.actions}</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant) => (
              <VariantRow key={variant.id} variant={variant} />
            ))}
          </tbody>
        </table>
      </div>
      <AddVariant offerId={offerId} />
    </section>
  );
}

function VariantRow({ variant }: { variant: AdminVariant }) {
  const texts = useCatalogueTexts();
  const { locale } = useI18n();
  const announce = useAnnounce();
  const patch = usePatchVariant(variant.id);
  const stay = texts.variants.stayOf(variant.nights, variant.persons);
  const [draft, setDraft] = useState({
    price: eurosForInput(variant.priceCents, locale),
    original: variant.originalPriceCents ? eurosForInput(variant.originalPriceCents, locale) : '',
    stock: String(variant.stock),
    net: variant.netRateCents === null ? '' : eurosForInput(variant.netRateCents, locale),
  });
  const [local, setLocal] = useState<FieldMessages>({});
  const messages = { ...fieldMessagesOf(patch.error), ...local };
  const formId = `variant-${variant.id}`;
  const cell = (field: 'price' | 'original' | 'stock' | 'net', name: string, label: string) => {
    const error = messages[name];
    return (
      <td>
        <input
          form={formId}
          aria-label={`${label}, ${stay}`}
          inputMode={field === 'stock' ? 'numeric' : 'decimal'}
          className="cell-input"
          value={draft[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${formId}-${field}-e` : undefined}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        />
        {error ? (
          <p id={`${formId}-${field}-e`} className="field-error">
            {error}
          </p>
        ) : null}
      </td>
    );
  };
  return (
    <tr>
      <th scope="row">{stay}</th>
      {cell('price', 'priceCents', texts.variants.price)}
      {cell('original', 'originalPriceCents', texts.variants.original)}
      {cell('stock', 'stock', texts.variants.stock)}
      {cell('net', 'netRateCents', texts.variants.net)}
      <td>
        <form
          id={formId}
          onSubmit={(event) => {
            event.preventDefault();
            if (patch.isPending) return;
            const { values, errors } = variantValuesOf(
              { nights: '1', persons: '1', ...draft },
              { euros: texts.eurosInvalid, number: texts.numberInvalid },
            );
            setLocal(errors);
            if (Object.keys(errors).length > 0) return;
            patch.mutate(
              {
                priceCents: values.priceCents,
                originalPriceCents: values.originalPriceCents,
                stock: values.stock,
                netRateCents: values.netRateCents,
              },
              { onSuccess: () => announce(texts.variants.saved(stay)) },
            );
          }}
        >
          <button type="submit" className="button">
            {patch.isPending ? texts.saving : texts.save}
            <span className="visually-hidden"> {stay}</span>
          </button>
        </form>
        <ProblemMessage error={patch.error} />
      </td>
    </tr>
  );
}

function AddVariant({ offerId }: { offerId: number }) {
  const texts = useCatalogueTexts();
  const announce = useAnnounce();
  const add = useAddVariant(offerId);
  const [draft, setDraft] = useState<VariantDraft>(emptyVariant);
  const [local, setLocal] = useState<FieldMessages>({});
  const messages = { ...fieldMessagesOf(add.error), ...local };
  return (
    <Form
      className="stack"
      aria-label={texts.variants.add}
      onSubmit={(event) => {
        event.preventDefault();
        if (add.isPending) return;
        const { values, errors } = variantValuesOf(draft, {
          euros: texts.eurosInvalid,
          number: texts.numberInvalid,
        });
        setLocal(errors);
        if (Object.keys(errors).length > 0) return;
        add.mutate(values, {
          onSuccess: () => {
            announce(texts.variants.added);
            setDraft(emptyVariant());
          },
        });
      }}
    >
      <h3>{texts.variants.add}</h3>
      <ProblemMessage error={add.error} />
      <VariantFields variant={draft} onChange={setDraft} errorOf={(field) => messages[field]} />
      <div className="row-actions">
        <Button type="submit" className="button">
          {texts.variants.add}
        </Button>
      </div>
    </Form>
  );
}
