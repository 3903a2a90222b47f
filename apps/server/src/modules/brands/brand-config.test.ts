import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BrandConfigError, parseBrandConfig } from '@shop/contracts/brand-config';
import { isNumericMembershipRule, isValidMembershipNumber } from '@shop/contracts/membership-number';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { createBrandConfigs } from './brand-config.ts';

const brandsDir = path.join(repoRoot, 'assets', 'brands');
const demoConfig = async () =>
  JSON.parse(await readFile(path.join(brandsDir, 'demo', 'config.json'), 'utf8'));

describe('brand configs against the contract', () => {
  it('every demo brand is valid, and together they cover every tracking and service variant', async () => {
    const configs = await Promise.all(
      (await readdir(brandsDir)).map(async (short) =>
        parseBrandConfig(
          short,
          JSON.parse(await readFile(path.join(brandsDir, short, 'config.json'), 'utf8')),
        ),
      ),
    );
    const some = (test: (config: (typeof configs)[number]) => boolean) => configs.some(test);
    expect(some((c) => c.analyticsType === 'gtag')).toBe(true);
    expect(some((c) => c.analyticsType === 'ua')).toBe(true);
    expect(some((c) => c.analyticsType === 'both')).toBe(true);
    expect(some((c) => c.tagManager !== null)).toBe(true);
    expect(some((c) => c.fbPixel !== null)).toBe(true);
    expect(some((c) => c.awinId !== null)).toBe(true);
    expect(some((c) => c.adcell !== null)).toBe(true);
    expect(some((c) => !c.hasCookieConsent)).toBe(true);
    expect(some((c) => !c.hasNewsletterOptin)).toBe(true);
    expect(some((c) => c.membershipNumber?.optional === true)).toBe(true);
    expect(some((c) => c.membershipNumber?.optional === false)).toBe(true);
    // The format shown beside the field is a number the brand's own rule accepts; digits only: numeric keypad.
    for (const { membershipNumber: rule } of configs) {
      if (!rule) continue;
      expect(rule.example).not.toBeNull();
      expect(isValidMembershipNumber(rule, rule.example ?? '')).toBe(true);
      expect(isNumericMembershipRule(rule)).toBe(true);
    }
    expect(
      isNumericMembershipRule({ pattern: 'AC[0-9]{6}', checkDigit: null, optional: true, example: null }),
    ).toBe(false);
    // The default billing countries (SPEC §3's seven) and a brand that sells to fewer.
    expect(some((c) => c.billingCountries.length === 7)).toBe(true);
    expect(some((c) => c.billingCountries.length < 7)).toBe(true);
  });

  it('a mistake is an error naming the brand and each wrong field', async () => {
    const config = await demoConfig();
    const broken = {
      ...config,
      analyticsType: 'ga4',
      colors: { ...config.colors, primary: 'blue' },
      tagManger: 'GTM-TYPO',
    };
    expect(() => parseBrandConfig('demo', broken)).toThrow(BrandConfigError);
    let message = '';
    try {
      parseBrandConfig('demo', broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('brand "demo"');
    expect(message).toContain('analyticsType');
    expect(message).toContain('colors.primary');
    expect(message).toContain('tagManger');
  });

  it('refuses an id without its type, a UA id for gtag and a file of another brand', async () => {
    const config = await demoConfig();
    expect(() => parseBrandConfig('demo', { ...config, analyticsType: null })).toThrow(/analyticsType/);
    expect(() => parseBrandConfig('demo', { ...config, analyticsId: 'UA-1-1' })).toThrow(/analyticsId/);
    expect(() => parseBrandConfig('autoclub', config)).toThrow(/brand "autoclub" config: short/);
    expect(() => parseBrandConfig('demo', { ...config, membershipNumber: { pattern: '([0-9' } })).toThrow(
      /membershipNumber\.pattern/,
    );
    for (const billingCountries of [[], ['DE', 'DE'], ['US']]) {
      expect(() => parseBrandConfig('demo', { ...config, billingCountries })).toThrow(/billingCountries/);
    }
    // One seller per brand (docs/decisions/025): the legal name is the company's.
    expect(() =>
      parseBrandConfig('demo', { ...config, legal: { ...config.legal, name: 'Andere Reisen GmbH' } }),
    ).toThrow(/legal\.name/);
    expect(() => parseBrandConfig('demo', { ...config, mailSender: { replyTo: 'no address' } })).toThrow(
      /mailSender\.replyTo/,
    );
  });

  it('the reader refuses an invalid file with that message, and reads it again once fixed', async () => {
    const assetsDir = await mkdtemp(path.join(os.tmpdir(), 'brand-config-'));
    try {
      await mkdir(path.join(assetsDir, 'brands', 'demo'), { recursive: true });
      const file = path.join(assetsDir, 'brands', 'demo', 'config.json');
      const config = await demoConfig();
      await writeFile(file, JSON.stringify({ ...config, supportMail: 'not a mail' }));
      const configs = createBrandConfigs({ assetsDir, assetUrl: undefined });
      await expect(configs.get('demo')).rejects.toThrow(/brand "demo" config: supportMail/);
      await writeFile(file, JSON.stringify(config));
      expect((await configs.get('demo')).storeName).toBe(config.storeName);
    } finally {
      await rm(assetsDir, { recursive: true, force: true });
    }
  });
});
