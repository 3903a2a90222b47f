import { Link } from 'react-router';
import { CookieSettingsButton } from '#app/features/consent/components/cookie-banner.tsx';
import { NewsletterSignup } from '#app/features/newsletter/components/newsletter-signup.tsx';
import { useShop, useT } from '#app/lib/shop-data.ts';

export function SiteFooter() {
  const { brand, footer } = useShop();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <nav aria-label={t('layout.footerNav')}>
          <ul className="footer-menu">
            {footer.map((page) => (
              <li key={page.slug}>
                <Link to={`/${page.slug}`}>{page.title}</Link>
              </li>
            ))}
            {brand.hasCookieConsent ? (
              <li>
                <CookieSettingsButton />
              </li>
            ) : null}
          </ul>
        </nav>
        <NewsletterSignup />
        <div className="footer-contact">
          <p className="footer-heading">{t('layout.support')}</p>
          <p>
            <a href={`tel:${brand.supportPhone.replace(/[^+\d]/g, '')}`}>{brand.supportPhone}</a>
            <br />
            <a href={`mailto:${brand.supportMail}`}>{brand.supportMail}</a>
          </p>
        </div>
        <p className="footer-copyright">
          {t('layout.copyright', { year: new Date().getFullYear(), company: brand.company })}
        </p>
        <a className="back-to-top" href="#top">
          {t('layout.backToTop')}
        </a>
      </div>
    </footer>
  );
}
