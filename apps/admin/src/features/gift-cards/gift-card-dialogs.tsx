import { isoDate, note } from '@shop/contracts/admin';
import {
  blockGiftCardSchema,
  extendGiftCardSchema,
  type GiftCardDetail,
  giftCardMaxCents,
} from '@shop/contracts/admin-gift-cards';
import { text } from '@shop/contracts/text';
import { useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useGiftCardTexts } from '../../i18n/gift-card-texts.ts';
import { eurosField } from '../../lib/euros.ts';
import { ActionDialog, useActionForm } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { brandsQuery } from '../orders/api/get-orders.ts';
import { useGiftCardAction, useIssueGiftCard } from './api/gift-cards.ts';

/** The issue form as typed: euros (as a person types them) become cents, an empty name none. */
const issueForm = z.object({
  brand: text().min(1),
  amount: eurosField().refine((cents) => cents >= 100 && cents <= giftCardMaxCents),
  validTo: isoDate,
  recipientName: text().trim().max(80),
});

/** A calendar day `years` from today, as a date field takes it: the default validity of a new card. */
const yearsFromToday = (years: number) => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() + years);
  return day.toISOString().slice(0, 10);
};

/** Issue a card (operators, brand managers); the new card's page opens with its code and PDF links. */
export function IssueGiftCard() {
  const texts = useGiftCardTexts();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const brands = useQuery(brandsQuery());
  const mutation = useIssueGiftCard();
  const { form, dialog } = useActionForm({
    schema: issueForm,
    messages: () => ({
      amount: texts.amountMessage,
      validTo: texts.dateMessage,
      recipientName: texts.nameMessage,
      brand: texts.brand,
    }),
    defaults: {
      brand: brands.data?.[0]?.short ?? '',
      amount: '',
      validTo: yearsFromToday(3),
      recipientName: '',
    },
    action: mutation,
    run: async ({ brand, amount, validTo, recipientName }) => {
      const card = await mutation.mutateAsync({
        brand,
        amountCents: amount,
        validTo,
        ...(recipientName ? { recipientName } : {}),
      });
      announce(texts.issued(card.code));
      navigate(`/gift-cards/${card.id}`);
    },
  });
  const brand = useController({ control: form.control, name: 'brand' });
  return (
    <ActionDialog
      trigger={texts.issue}
      title={texts.issueTitle}
      intro={texts.issueIntro}
      confirmLabel={texts.issue}
      {...dialog}
    >
      <SelectField
        label={texts.brand}
        value={brand.field.value}
        options={(brands.data ?? []).map((option) => ({ id: option.short, label: option.name }))}
        onChange={brand.field.onChange}
      />
      <FormTextField
        control={form.control}
        name="amount"
        label={texts.amount}
        inputMode="decimal"
        isRequired
        autoFocus
      />
      <FormTextField control={form.control} name="validTo" label={texts.validTo} type="date" isRequired />
      <FormTextField control={form.control} name="recipientName" label={texts.recipientName} />
    </ActionDialog>
  );
}

export function BlockGiftCard({ card }: { card: GiftCardDetail }) {
  const texts = useGiftCardTexts();
  const announce = useAnnounce();
  const mutation = useGiftCardAction(card.id, 'block');
  const { form, dialog } = useActionForm({
    schema: blockGiftCardSchema,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action: mutation,
    run: async (request) => {
      await mutation.mutateAsync(request);
      announce(texts.blocked);
    },
  });
  return (
    <ActionDialog
      trigger={texts.block}
      title={texts.blockTitle}
      intro={texts.blockIntro}
      confirmLabel={texts.block}
      {...dialog}
    >
      <FormTextField control={form.control} name="note" label={texts.note} isRequired autoFocus />
    </ActionDialog>
  );
}

const unblockForm = z.object({ note: z.union([z.literal(''), note]) });

export function UnblockGiftCard({ card }: { card: GiftCardDetail }) {
  const texts = useGiftCardTexts();
  const announce = useAnnounce();
  const mutation = useGiftCardAction(card.id, 'unblock');
  const { form, dialog } = useActionForm({
    schema: unblockForm,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action: mutation,
    run: async ({ note: written }) => {
      await mutation.mutateAsync(written ? { note: written } : {});
      announce(texts.unblocked);
    },
  });
  return (
    <ActionDialog
      trigger={texts.unblock}
      title={texts.unblockTitle}
      intro={texts.unblockIntro}
      confirmLabel={texts.unblock}
      {...dialog}
    >
      <FormTextField control={form.control} name="note" label={texts.optionalNote} autoFocus />
    </ActionDialog>
  );
}

export function ExtendGiftCard({ card }: { card: GiftCardDetail }) {
  const texts = useGiftCardTexts();
  const announce = useAnnounce();
  const mutation = useGiftCardAction(card.id, 'extend');
  const { form, dialog } = useActionForm({
    schema: extendGiftCardSchema,
    messages: () => ({ validTo: texts.dateMessage }),
    defaults: {
      validTo: card.validTo && card.validTo > yearsFromToday(0) ? card.validTo : yearsFromToday(1),
    },
    action: mutation,
    run: async (request) => {
      await mutation.mutateAsync(request);
      announce(texts.extended);
    },
  });
  return (
    <ActionDialog
      trigger={texts.extend}
      title={texts.extendTitle}
      intro={texts.extendIntro}
      confirmLabel={texts.extend}
      {...dialog}
    >
      <FormTextField
        control={form.control}
        name="validTo"
        label={texts.newValidTo}
        type="date"
        isRequired
        autoFocus
      />
    </ActionDialog>
  );
}
