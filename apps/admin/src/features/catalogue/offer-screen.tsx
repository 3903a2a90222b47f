import type { AdminOffer, NewOffer, OfferInput } from '@shop/contracts/admin-catalogue';
import { blackoutReasons, inclusionCodes, inclusionUnits, petsPolicies } from '@shop/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useSession } from '../auth/use-session.ts';
import { choicesQuery, offerQuery, useCopyOffer, useCreateOffer, useUpdateOffer } from './api/catalogue.ts';
import './catalogue.css';
import {
  CheckField,
  CheckList,
  ChoiceField,
  emptyTranslated,
  FieldGroup,
  type FieldMessages,
  fieldMessagesOf,
  InputField,
  messageAt,
  TranslatedFields,
} from './form-bits.tsx';
import { HotelPicker } from './hotel-picker.tsx';
import { emptyOffer, type OfferDraft, offerDraftOf, offerInputOf, offerInputOfSaved } from './offer-draft.ts';
import { PictureEditor } from './picture-editor.tsx';
import { NewVariants, VariantsTable } from './variants.tsx';

/** /admin/catalogue/offers/new and /admin/catalogue/offers/:offerId. */
export function OfferScreen() {
  const { offerId } = useParams();
  const id = offerId && /^\d{1,10}$/.test(offerId) ? Number(offerId) : null;
  const { t, locale } = useI18n();
  const texts = useCatalogueTexts();
  const offer = useQuery({ ...offerQuery(id ?? 0), enabled: id !== null });
  const choices = useQuery(choicesQuery());
  const session = useSession();
  if (id === null) {
    if (choices.error) return <ProblemMessage error={choices.error} />;
    if (!choices.data) return <p role="status">{t.app.loading}</p>;
    const brand = session.data?.staff.role === 'operator' ? '' : (choices.data.brands[0]?.short ?? '');
    return <OfferForm offer={null} initial={emptyOffer(brand)} />;
  }
  if (offer.error) {
    return (
      <div className="stack">
        <PageHeading>{texts.offers.title}</PageHeading>
        <ProblemMessage error={offer.error} />
      </div>
    );
  }
  if (!offer.data) return <p role="status">{t.app.loading}</p>;
  return (
    <div className="stack">
      <OfferForm
        key={`${offer.data.id}-${offer.data.isActive}`}
        offer={offer.data}
        initial={offerDraftOf(offer.data, locale)}
      />
      <VariantsTable offerId={offer.data.id} variants={offer.data.variants} />
    </div>
  );
}

function OfferForm({ offer, initial }: { offer: AdminOffer | null; initial: OfferDraft }) {
  const texts = useCatalogueTexts();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const session = useSession();
  const choices = useQuery(choicesQuery());
  const create = useCreateOffer();
  const update = useUpdateOffer(offer?.id ?? 0);
  const save = offer ? update : create;
  const [draft, setDraft] = useState(initial);
  const [local, setLocal] = useState<FieldMessages>({});
  const set = (next: Partial<OfferDraft>) => setDraft((current) => ({ ...current, ...next }));
  const messages = { ...fieldMessagesOf(save.error), ...local };
  const at = (name: string) => messageAt(messages, name);
  const isOperator = session.data?.staff.role === 'operator';
  const mayEdit = session.data?.staff.role !== 'support';
  const heading = offer ? texts.offers.editTitle(offer.title.de) : texts.offers.newTitle;

  const brandOptions = [
    ...(isOperator || draft.brand === '' ? [{ id: '', label: texts.offers.everyBrand }] : []),
    ...(choices.data?.brands ?? []).map((brand) => ({ id: brand.short, label: brand.name })),
  ];

  return (
    <div className="stack">
      <PageHeading>{heading}</PageHeading>
      <p>
        <Link to="/catalogue/offers">{texts.offers.back}</Link>
      </p>
      {offer ? <OfferActions offer={offer} /> : null}
      <Form
        className="stack catalogue-form"
        aria-label={heading}
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          const { input, errors } = offerInputOf(draft, {
            euros: texts.eurosInvalid,
            number: texts.numberInvalid,
          });
          if (draft.hotelId === null) errors.hotelId = texts.offers.hotelRequired;
          setLocal(errors);
          if (Object.keys(errors).length > 0) {
            announce(texts.fixFields);
            return;
          }
          if (offer) {
            const { variants: _variants, ...changes } = input;
            update.mutate(changes as OfferInput, {
              onSuccess: (saved) => announce(texts.offers.saved(saved.title.de)),
            });
          } else {
            create.mutate(input as NewOffer, {
              onSuccess: (saved) => {
                announce(texts.offers.saved(saved.title.de));
                navigate(`/catalogue/offers/${saved.id}`, { replace: true });
              },
            });
          }
        }}
      >
        <ProblemMessage error={save.error} />
        <HotelPicker
          hotelId={draft.hotelId}
          hotelName={draft.hotelName}
          onChange={(hotel) => set({ hotelId: hotel.id, hotelName: hotel.name })}
          error={at('hotelId')}
        />
        <FieldGroup legend={texts.offers.basics}>
          <ChoiceField
            label={texts.offers.brand}
            value={draft.brand}
            options={brandOptions}
            onChange={(brand) => set({ brand })}
            error={at('brand')}
          />
          <TranslatedFields
            label={texts.offers.titleField}
            languageNames={texts.languages}
            value={draft.title}
            onChange={(title) => set({ title })}
            messages={messages}
            name="title"
            isRequired
          />
          <TranslatedFields
            label={texts.offers.subtitle}
            languageNames={texts.languages}
            value={draft.subtitle}
            onChange={(subtitle) => set({ subtitle })}
            messages={messages}
            name="subtitle"
          />
          <InputField
            label={texts.slug}
            description={texts.slugHint}
            value={draft.slug}
            onChange={(slug) => set({ slug })}
            error={at('slug')}
          />
          <ChoiceField
            label={texts.offers.board}
            value={draft.boardCode}
            options={[
              { id: '', label: texts.offers.noBoard },
              ...(choices.data?.boards ?? []).map((board) => ({ id: board.code, label: board.name })),
            ]}
            onChange={(boardCode) => set({ boardCode })}
            error={at('boardCode')}
          />
          <CheckField
            label={texts.offers.activeField}
            checked={draft.isActive}
            onChange={(isActive) => set({ isActive })}
          />
          <InputField
            label={texts.offers.saleEndsOn}
            description={texts.offers.saleEndsOnHint}
            type="date"
            value={draft.saleEndsOn}
            onChange={(saleEndsOn) => set({ saleEndsOn })}
            error={at('saleEndsOn')}
          />
        </FieldGroup>
        <CheckList
          legend={texts.offers.themes}
          options={(choices.data?.themes ?? []).map((theme) => ({ id: theme.id, label: theme.name }))}
          values={draft.themeIds}
          onChange={(themeIds) => set({ themeIds })}
          error={at('themeIds')}
        />
        <PictureEditor
          pictures={draft.pictures}
          onChange={(pictures) => set({ pictures })}
          error={at('pictures')}
          alt={(position) => texts.pictures.alt(position, draft.title.de)}
          isReadOnly={!mayEdit}
        />
        <TermsFields draft={draft} set={set} messages={messages} />
        <TextsFields draft={draft} set={set} messages={messages} />
        {offer ? null : (
          <NewVariants
            variants={draft.variants}
            onChange={(variants) => set({ variants })}
            messages={messages}
          />
        )}
        {mayEdit ? (
          <div className="row-actions">
            <Button type="submit" className="button primary">
              {save.isPending ? texts.saving : offer ? texts.save : texts.offers.createButton}
            </Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}

function TermsFields({
  draft,
  set,
  messages,
}: {
  draft: OfferDraft;
  set(next: Partial<OfferDraft>): void;
  messages: FieldMessages;
}) {
  const texts = useCatalogueTexts();
  const choices = useQuery(choicesQuery());
  const at = (name: string) => messageAt(messages, name);
  const inclusionLabel = (code: string) =>
    choices.data?.inclusionCodes.find((inclusion) => inclusion.code === code)?.label ?? code;
  return (
    <FieldGroup legend={texts.terms.legend}>
      <CheckList
        legend={texts.terms.arrivalDays}
        options={texts.terms.weekdays.map((label, index) => ({ id: index + 1, label }))}
        values={draft.arrivalDays}
        onChange={(arrivalDays) => set({ arrivalDays })}
        error={at('arrivalDays')}
      />
      <InputField
        label={texts.terms.minStay}
        inputMode="numeric"
        value={draft.minStayNights}
        onChange={(minStayNights) => set({ minStayNights })}
        error={at('minStayNights')}
      />
      <div className="field-row">
        <ChoiceField
          label={texts.terms.children}
          value={draft.children}
          options={[
            { id: '', label: texts.terms.notStated },
            { id: 'allowed', label: texts.terms.childrenAllowed },
            { id: 'not-allowed', label: texts.terms.childrenNotAllowed },
          ]}
          onChange={(children) => set({ children: children as OfferDraft['children'] })}
          error={at('children')}
        />
        {draft.children === 'allowed' ? (
          <InputField
            label={texts.terms.minimumAge}
            inputMode="numeric"
            value={draft.childrenMinimumAge}
            onChange={(childrenMinimumAge) => set({ childrenMinimumAge })}
            error={at('children.minimumAge')}
          />
        ) : null}
      </div>
      <div className="field-row">
        <ChoiceField
          label={texts.terms.pets}
          value={draft.pets}
          options={[
            { id: '', label: texts.terms.notStated },
            ...petsPolicies.map((policy) => ({ id: policy, label: texts.terms.petsPolicies[policy] })),
          ]}
          onChange={(pets) => set({ pets: pets as OfferDraft['pets'] })}
          error={at('pets.policy')}
        />
        {draft.pets && draft.pets !== 'not-allowed' ? (
          <InputField
            label={texts.terms.petsFee}
            inputMode="decimal"
            value={draft.petsFee}
            onChange={(petsFee) => set({ petsFee })}
            error={at('pets.feePerNightCents')}
          />
        ) : null}
      </div>
      <fieldset className="fieldset">
        <legend>{texts.terms.blackouts}</legend>
        {draft.blackoutPeriods.length === 0 ? <p>{texts.terms.noBlackouts}</p> : null}
        {draft.blackoutPeriods.map((period, index) => {
          const change = (next: Partial<typeof period>) =>
            set({
              blackoutPeriods: draft.blackoutPeriods.map((other, i) =>
                i === index ? { ...other, ...next } : other,
              ),
            });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id; removing one re-renders the rest.
            <div key={index} className="field-row list-row">
              <InputField
                label={texts.terms.from(index + 1)}
                type="date"
                value={period.from}
                onChange={(from) => change({ from })}
                error={at(`blackoutPeriods.${index}.from`)}
              />
              <InputField
                label={texts.terms.to(index + 1)}
                type="date"
                value={period.to}
                onChange={(to) => change({ to })}
                error={at(`blackoutPeriods.${index}.to`)}
              />
              <ChoiceField
                label={texts.terms.reason(index + 1)}
                value={period.reason}
                options={blackoutReasons.map((reason) => ({
                  id: reason,
                  label: texts.terms.reasons[reason],
                }))}
                onChange={(reason) => change({ reason: reason as (typeof blackoutReasons)[number] })}
              />
              <Button
                className="button"
                onPress={() => set({ blackoutPeriods: draft.blackoutPeriods.filter((_, i) => i !== index) })}
              >
                {texts.terms.removeBlackout(index + 1)}
              </Button>
            </div>
          );
        })}
        <Button
          className="button"
          onPress={() =>
            set({ blackoutPeriods: [...draft.blackoutPeriods, { from: '', to: '', reason: 'peak-season' }] })
          }
        >
          {texts.terms.addBlackout}
        </Button>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{texts.terms.inclusions}</legend>
        {draft.inclusions.length === 0 ? <p>{texts.terms.noInclusions}</p> : null}
        {draft.inclusions.map((inclusion, index) => {
          const change = (next: Partial<typeof inclusion>) =>
            set({
              inclusions: draft.inclusions.map((other, i) => (i === index ? { ...other, ...next } : other)),
            });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id; removing one re-renders the rest.
            <div key={index} className="field-row list-row">
              <ChoiceField
                label={texts.terms.inclusion(index + 1)}
                value={inclusion.code}
                options={inclusionCodes.map((code) => ({ id: code, label: inclusionLabel(code) }))}
                onChange={(code) => change({ code: code as (typeof inclusionCodes)[number] })}
              />
              <InputField
                label={texts.terms.quantity(index + 1)}
                inputMode="numeric"
                value={inclusion.quantity}
                onChange={(quantity) => change({ quantity })}
                error={at(`inclusions.${index}.quantity`)}
              />
              <ChoiceField
                label={texts.terms.per(index + 1)}
                value={inclusion.per}
                options={inclusionUnits.map((unit) => ({ id: unit, label: texts.terms.units[unit] }))}
                onChange={(per) => change({ per: per as (typeof inclusionUnits)[number] })}
              />
              <Button
                className="button"
                onPress={() => set({ inclusions: draft.inclusions.filter((_, i) => i !== index) })}
              >
                {texts.terms.removeInclusion(index + 1)}
              </Button>
            </div>
          );
        })}
        <Button
          className="button"
          onPress={() =>
            set({
              inclusions: [...draft.inclusions, { code: inclusionCodes[0], quantity: '1', per: 'stay' }],
            })
          }
        >
          {texts.terms.addInclusion}
        </Button>
      </fieldset>
    </FieldGroup>
  );
}

function TextsFields({
  draft,
  set,
  messages,
}: {
  draft: OfferDraft;
  set(next: Partial<OfferDraft>): void;
  messages: FieldMessages;
}) {
  const texts = useCatalogueTexts();
  return (
    <FieldGroup legend={texts.offerTexts.legend}>
      {draft.texts.length === 0 ? <p>{texts.offerTexts.none}</p> : null}
      {draft.texts.map((text, index) => {
        const change = (next: Partial<typeof text>) =>
          set({ texts: draft.texts.map((other, i) => (i === index ? { ...other, ...next } : other)) });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id; removing one re-renders the rest.
          <fieldset key={index} className="fieldset">
            <legend>{texts.offerTexts.row(index + 1)}</legend>
            <InputField
              label={texts.offerTexts.position}
              description={texts.offerTexts.positionHint}
              inputMode="numeric"
              value={text.position}
              onChange={(position) => change({ position })}
              error={messageAt(messages, `texts.${index}.position`)}
            />
            <TranslatedFields
              label={texts.offerTexts.title}
              languageNames={texts.languages}
              value={text.title}
              onChange={(title) => change({ title })}
              messages={messages}
              name={`texts.${index}.title`}
              isRequired
            />
            <TranslatedFields
              label={texts.offerTexts.body}
              languageNames={texts.languages}
              value={text.body}
              onChange={(body) => change({ body })}
              messages={messages}
              name={`texts.${index}.body`}
              multiline
              isRequired
            />
            <Button
              className="button"
              onPress={() => set({ texts: draft.texts.filter((_, i) => i !== index) })}
            >
              {texts.offerTexts.remove(index + 1)}
            </Button>
          </fieldset>
        );
      })}
      <Button
        className="button"
        onPress={() =>
          set({
            texts: [...draft.texts, { position: '', title: emptyTranslated(), body: emptyTranslated() }],
          })
        }
      >
        {texts.offerTexts.add}
      </Button>
    </FieldGroup>
  );
}

/** Copy (the copy starts switched off), switch off behind a confirmation, and the page in the shop. */
function OfferActions({ offer }: { offer: AdminOffer }) {
  const texts = useCatalogueTexts();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const session = useSession();
  const copy = useCopyOffer(offer.id);
  const switchOff = useUpdateOffer(offer.id);
  const mayEdit = session.data?.staff.role !== 'support';
  return (
    <div className="stack">
      <div className="row-actions">
        <a className="button" href={offer.shopPath} target="_blank" rel="noopener">
          {texts.offers.showInShop}
          <span className="visually-hidden"> {texts.offers.newWindow}</span>
        </a>
        {mayEdit ? (
          <Button
            className="button"
            onPress={() => {
              if (copy.isPending) return;
              copy.mutate(undefined, {
                onSuccess: (copied) => {
                  announce(texts.offers.copied);
                  navigate(`/catalogue/offers/${copied.id}`);
                },
              });
            }}
          >
            {texts.offers.copy}
          </Button>
        ) : null}
        {mayEdit && offer.isActive ? (
          <ConfirmDialog
            trigger={texts.offers.switchOff}
            title={texts.offers.switchOffTitle}
            onOpenChange={(isOpen) => isOpen && switchOff.reset()}
          >
            {(close) => (
              <Form
                className="stack"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (switchOff.isPending) return;
                  switchOff.mutate(
                    { ...offerInputOfSaved(offer), isActive: false },
                    {
                      onSuccess: () => {
                        announce(texts.offers.switchedOff);
                        close();
                      },
                    },
                  );
                }}
              >
                <p>{texts.offers.switchOffIntro}</p>
                <ProblemMessage error={switchOff.error} />
                <div className="dialog-buttons">
                  <Button className="button" onPress={close}>
                    {texts.cancel}
                  </Button>
                  <Button type="submit" className="button primary">
                    {texts.offers.switchOffConfirm}
                  </Button>
                </div>
              </Form>
            )}
          </ConfirmDialog>
        ) : null}
      </div>
      <ProblemMessage error={copy.error} />
      {offer.isActive ? null : <p className="notice">{texts.offers.inactiveNotice}</p>}
    </div>
  );
}
