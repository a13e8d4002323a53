import type { CountryCode } from '@fortuna/contracts/verification';

const entry = (countryCode: string, countryDialingCode: string, name: string): CountryCode => ({
  countryCode,
  countryDialingCode,
  name,
});

/**
 * The dialling codes offered next to a mobile number. The Philippines comes first because most
 * players are there; then the region around it, then the rest of the world players come from.
 */
export const COUNTRY_CODES: CountryCode[] = [
  entry('PH', '+63', 'Philippines'),
  entry('CN', '+86', 'China'),
  entry('HK', '+852', 'Hong Kong'),
  entry('MO', '+853', 'Macao'),
  entry('TW', '+886', 'Taiwan'),
  entry('JP', '+81', 'Japan'),
  entry('KR', '+82', 'South Korea'),
  entry('VN', '+84', 'Vietnam'),
  entry('TH', '+66', 'Thailand'),
  entry('MY', '+60', 'Malaysia'),
  entry('SG', '+65', 'Singapore'),
  entry('ID', '+62', 'Indonesia'),
  entry('KH', '+855', 'Cambodia'),
  entry('LA', '+856', 'Laos'),
  entry('MM', '+95', 'Myanmar'),
  entry('BN', '+673', 'Brunei'),
  entry('TL', '+670', 'Timor-Leste'),
  entry('IN', '+91', 'India'),
  entry('PK', '+92', 'Pakistan'),
  entry('BD', '+880', 'Bangladesh'),
  entry('LK', '+94', 'Sri Lanka'),
  entry('NP', '+977', 'Nepal'),
  entry('MN', '+976', 'Mongolia'),
  entry('AE', '+971', 'United Arab Emirates'),
  entry('SA', '+966', 'Saudi Arabia'),
  entry('QA', '+974', 'Qatar'),
  entry('KW', '+965', 'Kuwait'),
  entry('TR', '+90', 'Turkey'),
  entry('AU', '+61', 'Australia'),
  entry('NZ', '+64', 'New Zealand'),
  entry('US', '+1', 'United States'),
  entry('CA', '+1', 'Canada'),
  entry('GB', '+44', 'United Kingdom'),
  entry('DE', '+49', 'Germany'),
  entry('FR', '+33', 'France'),
  entry('ES', '+34', 'Spain'),
  entry('IT', '+39', 'Italy'),
  entry('BR', '+55', 'Brazil'),
  entry('MX', '+52', 'Mexico'),
  entry('RU', '+7', 'Russia'),
  entry('ZA', '+27', 'South Africa'),
  entry('NG', '+234', 'Nigeria'),
];
