import { locales } from '@shop/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useGiftCardTexts } from '../../i18n/gift-card-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Facts, Section } from '../../ui/section.tsx';
import { useSession } from '../auth/use-session.ts';
import { giftCardPdfUrl, giftCardQuery } from './api/gift-cards.ts';
import { BlockGiftCard, ExtendGiftCard, UnblockGiftCard } from './gift-card-dialogs.tsx';

/**
 * /admin/gift-cards/:id: the card (code, balance, validity, state), its printable PDF in each language,
 * block / unblock / extend as the member's role allows, and every movement with its order.
 */
export function GiftCardScreen() {
  const { t, date, dateTime, money } = useI18n();
  const texts = useGiftCardTexts();
  const role = useSession().data?.staff.role;
  const isManager = role === 'operator' || role === 'brand-manager';
  const id = Number(useParams().id);
  const card = useQuery({ ...giftCardQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (!card.data) {
    return (
      <div className="stack">
        <p>
          <Link to="/gift-cards">{texts.back}</Link>
        </p>
        <ProblemMessage error={card.error} />
        {card.isPending && card.fetchStatus !== 'idle' ? <p role="status">{t.app.loading}</p> : null}
      </div>
    );
  }
  const shown = card.data;
  return (
    <div className="stack">
      <p>
        <Link to="/gift-cards">{texts.back}</Link>
      </p>
      <PageHeading>{texts.cardTitle(shown.code)}</PageHeading>
      <Section id="card-facts" title={texts.facts}>
        <Facts
          rows={[
            [texts.columns.code, <code key="code">{shown.code}</code>],
            [texts.columns.state, texts.states[shown.state]],
            [texts.columns.balance, money(shown.balanceCents)],
            [texts.columns.initial, money(shown.initialCents)],
            [texts.columns.validTo, shown.validTo ? date(shown.validTo) : texts.noEnd],
            [texts.columns.brand, shown.brand ?? texts.allBrandsCard],
            [texts.recipient, shown.recipientName],
            [texts.columns.created, dateTime(shown.createdAt)],
            ...(shown.blockedAt
              ? ([
                  [texts.blockedAt, dateTime(shown.blockedAt)],
                  [texts.blockedReason, shown.blockedReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
      </Section>
      {isManager ? (
        <Section id="card-pdf" title={texts.pdf}>
          <div className="action-row">
            {locales.map((lang) => (
              <a key={lang} className="button" href={giftCardPdfUrl(shown.id, lang)} download>
                {texts.pdfLink(texts.pdfIn[lang])}
              </a>
            ))}
          </div>
        </Section>
      ) : null}
      {role ? (
        <Section id="card-actions" title={texts.actions}>
          <div className="action-row">
            {shown.blockedAt === null ? <BlockGiftCard card={shown} /> : null}
            {isManager && shown.blockedAt !== null ? <UnblockGiftCard card={shown} /> : null}
            {isManager ? <ExtendGiftCard card={shown} /> : null}
          </div>
        </Section>
      ) : null}
      <Section id="card-movements" title={texts.movements}>
        <DataTable
          caption={texts.movements}
          head={[
            texts.movementColumns.at,
            texts.movementColumns.kind,
            texts.movementColumns.amount,
            texts.movementColumns.balance,
            texts.movementColumns.order,
            texts.movementColumns.by,
            texts.movementColumns.note,
          ]}
          numeric={[2, 3]}
          rows={shown.movements.map((movement) => [
            dateTime(movement.at),
            texts.kinds[movement.kind],
            movement.amountCents === 0 ? null : money(movement.amountCents),
            money(movement.balanceAfterCents),
            movement.orderId === null ? null : (
              <Link key="order" to={`/orders/${movement.orderId}`}>
                {texts.orderLink(movement.orderId)}
              </Link>
            ),
            movement.staffEmail ?? texts.shop,
            movement.note ?? (movement.validTo ? date(movement.validTo) : null),
          ])}
        />
      </Section>
    </div>
  );
}
