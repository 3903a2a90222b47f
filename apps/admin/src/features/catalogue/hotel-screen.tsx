import type { AdminHotel, HotelInput } from '@shop/contracts/admin-catalogue';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useSession } from '../auth/use-session.ts';
import { HotelApiKeys } from '../desk/hotel-api-keys.tsx';
import { choicesQuery, hotelQuery, useSaveHotel } from './api/catalogue.ts';
import { CoordinateMap } from './coordinate-map.tsx';
import './catalogue.css';
import {
  CheckList,
  ChoiceField,
  decimalNumber,
  emptyTranslated,
  FieldGroup,
  fieldMessagesOf,
  InputField,
  messageAt,
  type Translated,
  TranslatedFields,
  wholeNumber,
} from './form-bits.tsx';
import { type Picture, PictureEditor } from './picture-editor.tsx';

type HotelDraft = {
  name: string;
  slug: string;
  vendor: string;
  stars: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: Translated;
  region: Translated;
  countryIso: string;
  latitude: string;
  longitude: string;
  phone: string;
  email: string;
  description: Translated;
  featureCodes: number[];
  boardCodes: string[];
  pictures: Picture[];
};

const emptyHotel = (): HotelDraft => ({
  name: '',
  slug: '',
  vendor: '',
  stars: '',
  street: '',
  houseNumber: '',
  postcode: '',
  city: emptyTranslated(),
  region: emptyTranslated(),
  countryIso: 'DE',
  latitude: '',
  longitude: '',
  phone: '',
  email: '',
  description: emptyTranslated(),
  featureCodes: [],
  boardCodes: [],
  pictures: [],
});

function draftOf(hotel: AdminHotel): HotelDraft {
  return {
    name: hotel.name,
    slug: hotel.slug,
    vendor: hotel.vendor,
    stars: hotel.stars === null ? '' : String(hotel.stars),
    street: hotel.street,
    houseNumber: hotel.houseNumber,
    postcode: hotel.postcode,
    city: hotel.city,
    region: hotel.region,
    countryIso: hotel.countryIso,
    latitude: String(hotel.latitude),
    longitude: String(hotel.longitude),
    phone: hotel.phone ?? '',
    email: hotel.email ?? '',
    description: hotel.description,
    featureCodes: hotel.featureCodes,
    boardCodes: hotel.boardCodes,
    pictures: hotel.pictures.map((seed, index) => ({ seed, url: hotel.pictureUrls[index] ?? '' })),
  };
}

/** What is sent; what cannot be read as a number goes as NaN-free null or 0 and the server names it. */
function inputOf(draft: HotelDraft): HotelInput {
  return {
    name: draft.name,
    ...(draft.slug.trim() ? { slug: draft.slug.trim() } : {}),
    vendor: draft.vendor,
    stars: wholeNumber(draft.stars),
    street: draft.street,
    houseNumber: draft.houseNumber,
    postcode: draft.postcode,
    city: draft.city,
    region: draft.region,
    countryIso: draft.countryIso,
    latitude: decimalNumber(draft.latitude) ?? 999,
    longitude: decimalNumber(draft.longitude) ?? 999,
    phone: draft.phone.trim() || null,
    email: draft.email.trim() || null,
    description: draft.description,
    featureCodes: draft.featureCodes,
    boardCodes: draft.boardCodes,
    pictures: draft.pictures.map((picture) => picture.seed),
  };
}

/** /admin/catalogue/hotels/new and /admin/catalogue/hotels/:hotelId. */
export function HotelScreen() {
  const { hotelId } = useParams();
  const id = hotelId && /^\d{1,10}$/.test(hotelId) ? Number(hotelId) : null;
  const { t } = useI18n();
  const texts = useCatalogueTexts();
  const hotel = useQuery({ ...hotelQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <HotelForm hotel={null} />;
  if (hotel.error) {
    return (
      <div className="stack">
        <PageHeading>{texts.hotels.editTitle('')}</PageHeading>
        <ProblemMessage error={hotel.error} />
      </div>
    );
  }
  if (!hotel.data) return <p role="status">{t.app.loading}</p>;
  return <HotelForm key={hotel.data.id} hotel={hotel.data} />;
}

function HotelForm({ hotel }: { hotel: AdminHotel | null }) {
  const texts = useCatalogueTexts();
  const session = useSession();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const choices = useQuery(choicesQuery());
  const save = useSaveHotel(hotel?.id ?? null);
  const [draft, setDraft] = useState<HotelDraft>(() => (hotel ? draftOf(hotel) : emptyHotel()));
  const [isMapOpen, setMapOpen] = useState(false);
  const { locale } = useI18n();
  const set = (next: Partial<HotelDraft>) => setDraft((current) => ({ ...current, ...next }));
  const messages = fieldMessagesOf(save.error);
  const at = (name: string) => messageAt(messages, name);
  const mayEdit = session.data?.staff.role === 'operator';
  const languageNames = texts.languages;
  return (
    <div className="stack">
      <PageHeading>{hotel ? texts.hotels.editTitle(hotel.name) : texts.hotels.newTitle}</PageHeading>
      <p>
        <Link to="/catalogue/hotels">{texts.hotels.back}</Link>
      </p>
      {mayEdit ? null : <p className="notice">{texts.hotels.readOnly}</p>}
      <Form
        className="stack catalogue-form"
        aria-label={hotel ? texts.hotels.editTitle(hotel.name) : texts.hotels.newTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          save.mutate(inputOf(draft), {
            onSuccess: (saved) => {
              announce(texts.hotels.saved(saved.name));
              if (!hotel) navigate(`/catalogue/hotels/${saved.id}`, { replace: true });
              else setDraft(draftOf(saved));
            },
          });
        }}
      >
        <ProblemMessage error={save.error} />
        <FieldGroup legend={texts.hotels.basics}>
          <InputField
            label={texts.hotels.name}
            value={draft.name}
            onChange={(name) => set({ name })}
            error={at('name')}
            isRequired
          />
          <InputField
            label={texts.slug}
            description={texts.slugHint}
            value={draft.slug}
            onChange={(slug) => set({ slug })}
            error={at('slug')}
          />
          <InputField
            label={texts.hotels.vendor}
            value={draft.vendor}
            onChange={(vendor) => set({ vendor })}
            error={at('vendor')}
            isRequired
          />
          <ChoiceField
            label={texts.hotels.stars}
            value={draft.stars}
            options={[
              { id: '', label: texts.hotels.noStars },
              ...['1', '2', '3', '4', '5'].map((n) => ({ id: n, label: n })),
            ]}
            onChange={(stars) => set({ stars })}
            error={at('stars')}
          />
        </FieldGroup>
        <FieldGroup legend={texts.hotels.address}>
          <div className="field-row">
            <InputField
              label={texts.hotels.street}
              value={draft.street}
              onChange={(street) => set({ street })}
              error={at('street')}
              isRequired
            />
            <InputField
              label={texts.hotels.houseNumber}
              value={draft.houseNumber}
              onChange={(houseNumber) => set({ houseNumber })}
              error={at('houseNumber')}
            />
            <InputField
              label={texts.hotels.postcode}
              value={draft.postcode}
              onChange={(postcode) => set({ postcode })}
              error={at('postcode')}
              isRequired
            />
          </div>
          <TranslatedFields
            label={texts.hotels.city}
            languageNames={languageNames}
            value={draft.city}
            onChange={(city) => set({ city })}
            messages={messages}
            name="city"
            isRequired
          />
          <TranslatedFields
            label={texts.hotels.region}
            languageNames={languageNames}
            value={draft.region}
            onChange={(region) => set({ region })}
            messages={messages}
            name="region"
          />
          <ChoiceField
            label={texts.hotels.country}
            value={draft.countryIso}
            options={(choices.data?.countries ?? [{ iso: draft.countryIso, name: draft.countryIso }]).map(
              (country) => ({
                id: country.iso,
                label: country.name,
              }),
            )}
            onChange={(countryIso) => set({ countryIso })}
            error={at('countryIso')}
          />
          <div className="field-row">
            <InputField
              label={texts.hotels.latitude}
              description={texts.hotels.latitudeHint}
              inputMode="decimal"
              value={draft.latitude}
              onChange={(latitude) => set({ latitude })}
              error={at('latitude')}
              isRequired
            />
            <InputField
              label={texts.hotels.longitude}
              description={texts.hotels.longitudeHint}
              inputMode="decimal"
              value={draft.longitude}
              onChange={(longitude) => set({ longitude })}
              error={at('longitude')}
              isRequired
            />
          </div>
          <div>
            <Button className="button" aria-expanded={isMapOpen} onPress={() => setMapOpen(!isMapOpen)}>
              {isMapOpen ? texts.hotels.hideMap : texts.hotels.showMap}
            </Button>
          </div>
          {isMapOpen ? (
            <CoordinateMap
              brand={choices.data?.brands[0]?.short ?? 'demo'}
              latitude={decimalNumber(draft.latitude)}
              longitude={decimalNumber(draft.longitude)}
              onPick={(latitude, longitude) =>
                set({
                  latitude: locale === 'en' ? String(latitude) : String(latitude).replace('.', ','),
                  longitude: locale === 'en' ? String(longitude) : String(longitude).replace('.', ','),
                })
              }
            />
          ) : null}
        </FieldGroup>
        <FieldGroup legend={texts.hotels.contact}>
          <p>{texts.hotels.contactHint}</p>
          <InputField
            label={texts.hotels.phone}
            type="tel"
            value={draft.phone}
            onChange={(phone) => set({ phone })}
            error={at('phone')}
          />
          <InputField
            label={texts.hotels.email}
            type="email"
            value={draft.email}
            onChange={(email) => set({ email })}
            error={at('email')}
          />
        </FieldGroup>
        <FieldGroup legend={texts.hotels.description}>
          <TranslatedFields
            label={texts.hotels.description}
            languageNames={languageNames}
            value={draft.description}
            onChange={(description) => set({ description })}
            messages={messages}
            name="description"
            multiline
            isRequired
          />
        </FieldGroup>
        <CheckList
          legend={texts.hotels.features}
          options={(choices.data?.features ?? []).map((feature) => ({
            id: feature.code,
            label: `${feature.code} ${feature.label}`,
          }))}
          values={draft.featureCodes}
          onChange={(featureCodes) => set({ featureCodes })}
          error={at('featureCodes')}
        />
        <CheckList
          legend={texts.hotels.boards}
          options={(choices.data?.boards ?? []).map((board) => ({ id: board.code, label: board.name }))}
          values={draft.boardCodes}
          onChange={(boardCodes) => set({ boardCodes })}
          error={at('boardCodes')}
        />
        <PictureEditor
          pictures={draft.pictures}
          onChange={(pictures) => set({ pictures })}
          error={at('pictures')}
          alt={(position) => texts.pictures.alt(position, draft.name)}
          isReadOnly={!mayEdit}
        />
        {mayEdit ? (
          <div className="row-actions">
            <Button type="submit" className="button primary">
              {save.isPending ? texts.saving : hotel ? texts.save : texts.hotels.createButton}
            </Button>
          </div>
        ) : null}
      </Form>
      {hotel && mayEdit ? <HotelApiKeys hotelId={hotel.id} /> : null}
    </div>
  );
}
