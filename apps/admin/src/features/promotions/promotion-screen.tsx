import type { PromotionDetail } from '@shop/contracts/admin-promotions';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { type Control, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { usePromotionTexts } from '../../i18n/promotion-texts.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import {
  promotionQuery,
  useSavePromotion,
  useSavePromotionOffers,
  useSwitchOffPromotion,
} from './api/promotions.ts';
import {
  BrandField,
  CheckField,
  FormTextArea,
  SwitchOffDialog,
  showServerErrors,
  useCanEdit,
  useSwitchedOff,
} from './form-parts.tsx';
import { type PromotionFormValues, promotionDefaults, promotionForm } from './promotion-form.ts';

const languages = ['de', 'en', 'it'] as const;

/** /admin/promotions/new and /admin/promotions/:id: the form, and for a saved one its offers. */
export function PromotionScreen() {
  const { t } = useI18n();
  const texts = usePromotionTexts();
  const params = useParams();
  const id = params.id === undefined || params.id === 'new' ? null : Number(params.id);
  const promotion = useQuery({ ...promotionQuery(id ?? 0), enabled: id !== null });
  if (id !== null && !promotion.data) {
    return (
      <div className="stack">
        <PageHeading>{texts.promotions.title}</PageHeading>
        <ProblemMessage error={promotion.error} />
        {promotion.isPending ? <p role="status">{t.app.loading}</p> : null}
        <Link to="/promotions">{texts.back}</Link>
      </div>
    );
  }
  return (
    <div className="stack">
      <PageHeading>
        {promotion.data ? texts.promotions.editTitle(promotion.data.name) : texts.promotions.createTitle}
      </PageHeading>
      <p>
        <Link to="/promotions">{texts.back}</Link>
      </p>
      <PromotionForm key={promotion.data?.id ?? 'new'} promotion={promotion.data} />
      {promotion.data ? <PromotionOffers key={offerKey(promotion.data)} promotion={promotion.data} /> : null}
    </div>
  );
}

const offerKey = (promotion: PromotionDetail) => promotion.offerList.map((offer) => offer.id).join(',');

function PromotionForm({ promotion }: { promotion: PromotionDetail | undefined }) {
  const { t, locale } = useI18n();
  const texts = usePromotionTexts();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const { canEdit } = useCanEdit();
  const save = useSavePromotion(promotion?.id ?? null);
  const resolver = useMemo(
    () =>
      contractResolver(
        promotionForm,
        locale,
        {
          name: texts.validation.name,
          promotionType: texts.validation.required,
          type: texts.validation.required,
          titleDe: texts.validation.required,
          descriptionDe: texts.validation.required,
        },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: promotionDefaults(promotion) });
  useSwitchedOff(promotion?.active, form as never);
  const control = form.control as unknown as Control<PromotionFormValues, unknown, unknown>;
  return (
    <Section id="promotion-form" title={promotion ? texts.edit : texts.promotions.createTitle}>
      {canEdit ? null : <p>{texts.readOnly}</p>}
      <Form
        className="stack"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          void form.handleSubmit(async (input) => {
            try {
              const saved = await save.mutateAsync(input);
              announce(texts.promotions.saved(saved.name));
              if (!promotion) navigate(`/promotions/${saved.id}`, { replace: true });
            } catch (error) {
              showServerErrors(form as never, error);
            }
          })();
        }}
      >
        <ProblemMessage error={save.error} />
        <FormTextField control={control} name="name" label={texts.promotions.name} isRequired />
        <BrandField control={control} name="brand" />
        <FormTextField
          control={control}
          name="promotionType"
          label={texts.promotions.promotionType}
          isRequired
        />
        <FormTextField control={control} name="type" label={texts.promotions.type} isRequired />
        <p>{texts.languagesHint}</p>
        {languages.map((language) => (
          <FormTextField
            key={language}
            control={control}
            name={`title${language === 'de' ? 'De' : language === 'en' ? 'En' : 'It'}`}
            label={texts.titleIn[language]}
            isRequired={language === 'de'}
          />
        ))}
        {languages.map((language) => (
          <FormTextArea
            key={language}
            control={control}
            name={`description${language === 'de' ? 'De' : language === 'en' ? 'En' : 'It'}`}
            label={texts.descriptionIn[language]}
          />
        ))}
        <FormTextField control={control} name="validFrom" label={texts.validFrom} type="date" />
        <FormTextField control={control} name="validTo" label={texts.validTo} type="date" />
        <CheckField form={form as never} name="active" label={texts.active} />
        {canEdit ? (
          <div className="action-row">
            <Button type="submit" className="button primary">
              {texts.save}
            </Button>
          </div>
        ) : null}
      </Form>
      {canEdit && promotion?.active ? <SwitchOffPromotion promotion={promotion} /> : null}
    </Section>
  );
}

function SwitchOffPromotion({ promotion }: { promotion: PromotionDetail }) {
  const texts = usePromotionTexts();
  return (
    <SwitchOffDialog
      switchOff={useSwitchOffPromotion(promotion.id)}
      title={texts.promotions.editTitle(promotion.name)}
      intro={texts.promotions.switchOffIntro}
      done={texts.promotions.switchOffDone(promotion.name)}
    />
  );
}

/** The offers in their order: added by number, moved up and down, removed; saved in one go. */
function PromotionOffers({ promotion }: { promotion: PromotionDetail }) {
  const texts = usePromotionTexts();
  const announce = useAnnounce();
  const { canEdit } = useCanEdit();
  const saveOffers = useSavePromotionOffers(promotion.id);
  const [offers, setOffers] = useState(
    promotion.offerList.map((offer) => ({
      id: offer.id,
      label: labelOf(offer, texts.promotions.offerInactive),
    })),
  );
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const move = (index: number, by: number) => {
    const next = [...offers];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setOffers(next);
  };
  return (
    <Section id="promotion-offers" title={texts.promotions.offersTitle}>
      <p>{texts.promotions.offersIntro}</p>
      <ProblemMessage error={saveOffers.error} />
      {offers.length === 0 ? (
        <p>{texts.promotions.noOffers}</p>
      ) : (
        <ol className="stack">
          {offers.map((offer, index) => (
            <li key={offer.id}>
              <span>
                {offer.id} · {offer.label}
              </span>
              {canEdit ? (
                <span className="action-row">
                  <Button className="button" isDisabled={index === 0} onPress={() => move(index, -1)}>
                    {texts.promotions.moveUp}
                    <span className="visually-hidden"> ({offer.id})</span>
                  </Button>
                  <Button
                    className="button"
                    isDisabled={index === offers.length - 1}
                    onPress={() => move(index, 1)}
                  >
                    {texts.promotions.moveDown}
                    <span className="visually-hidden"> ({offer.id})</span>
                  </Button>
                  <Button
                    className="button"
                    onPress={() => setOffers(offers.filter((_, at) => at !== index))}
                  >
                    {texts.promotions.remove}
                    <span className="visually-hidden"> ({offer.id})</span>
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canEdit ? (
        <>
          <Form
            className="filters"
            aria-label={texts.promotions.offerIds}
            onSubmit={(event) => {
              event.preventDefault();
              const id = Number(number.trim());
              if (!/^\d{1,9}$/.test(number.trim()) || id < 1) {
                setNumberError(texts.validation.offerIds);
                return;
              }
              setNumberError(null);
              if (!offers.some((offer) => offer.id === id)) setOffers([...offers, { id, label: '' }]);
              setNumber('');
            }}
          >
            <TextField
              className="field"
              value={number}
              onChange={setNumber}
              isInvalid={numberError !== null}
              inputMode="numeric"
            >
              <Label>{texts.promotions.offerNumber}</Label>
              <Input />
              {numberError ? (
                <p className="field-error" role="alert">
                  {numberError}
                </p>
              ) : null}
            </TextField>
            <div className="filter-buttons">
              <Button type="submit" className="button">
                {texts.promotions.addOffer}
              </Button>
            </div>
          </Form>
          <div className="action-row">
            <Button
              className="button primary"
              onPress={async () => {
                if (saveOffers.isPending) return;
                try {
                  await saveOffers.mutateAsync(offers.map((offer) => offer.id));
                  announce(texts.promotions.offersSaved);
                } catch {
                  // The problem is shown above the list.
                }
              }}
            >
              {texts.promotions.saveOffers}
            </Button>
          </div>
        </>
      ) : null}
    </Section>
  );
}

function labelOf(offer: PromotionDetail['offerList'][number], inactive: string): string {
  return [offer.title, offer.hotel, offer.active ? '' : `(${inactive})`].filter(Boolean).join(' – ');
}
