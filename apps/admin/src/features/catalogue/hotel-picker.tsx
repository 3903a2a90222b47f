import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { hotelsQuery } from './api/catalogue.ts';

/**
 * The offer's hotel: a search box (name, town or slug) and the hotels it finds as a list to choose
 * from; the chosen one stays named while the search changes.
 */
export function HotelPicker({
  hotelId,
  hotelName,
  onChange,
  error,
  legend,
  namesChoice = true,
}: {
  hotelId: number | null;
  hotelName: string;
  onChange(hotel: { id: number; name: string }): void;
  error?: string | undefined;
  /** What the set of fields is called (default: the offer's hotel). */
  legend?: string;
  /** Says which hotel is chosen below the list (not where the caller lists its choices itself). */
  namesChoice?: boolean;
}) {
  const texts = useCatalogueTexts();
  const id = useId();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  // Asked a moment after the typing stops, not for every key.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const hotels = useQuery(hotelsQuery(asked));
  const found = hotels.data?.hotels ?? [];
  const options =
    hotelId !== null && !found.some((hotel) => hotel.id === hotelId)
      ? [{ id: hotelId, name: hotelName, city: '' }, ...found]
      : found;
  return (
    <fieldset className="fieldset">
      <legend>{legend ?? texts.offers.hotel}</legend>
      <div className="field">
        <label htmlFor={`${id}-q`}>{texts.offers.hotelSearch}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          aria-controls={`${id}-l`}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-l`}>{texts.offers.hotelChoice}</label>
        <select
          id={`${id}-l`}
          size={Math.min(6, Math.max(2, options.length + 1))}
          value={hotelId === null ? '' : String(hotelId)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : `${id}-s`}
          onChange={(event) => {
            const chosen = options.find((hotel) => String(hotel.id) === event.target.value);
            if (chosen) onChange({ id: chosen.id, name: chosen.name });
          }}
        >
          {options.map((hotel) => (
            <option key={hotel.id} value={String(hotel.id)}>
              {hotel.city ? `${hotel.name} (${hotel.city})` : hotel.name}
            </option>
          ))}
        </select>
        <span id={`${id}-s`} className="field-description" aria-live="polite">
          {hotels.data ? texts.offers.hotelsFound(hotels.data.total) : ''}
        </span>
        {error ? (
          <p id={`${id}-e`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
      {namesChoice ? (
        <p>{hotelId === null ? texts.offers.noHotel : texts.offers.chosenHotel(hotelName)}</p>
      ) : null}
    </fieldset>
  );
}
