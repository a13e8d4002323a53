/** Business constants of spec 9 that more than one part needs. */
export const SESSION_TOKEN_KEY = 'token';
export const MERCHANT_CODE_KEY = 'merchantCode';
export const THEME_STORAGE_KEY = 'theme';

export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const GAME_LIST_PAGE_SIZE = 20;
export const FAVOURITE_PAGE_SIZE = 999;
export const WINNER_BOARD_LIMIT = 20;
export const HOME_ROW_VENDOR_CAP = 12;
export const LARGE_VENDOR_DROPDOWN_ABOVE = 10;

export const SMS_SEND_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_LIMIT_MS = 1000;
export const FAVOURITE_THROTTLE_MS = 1000;
export const TOO_MANY_REQUESTS_WAIT_MINUTES = 5;

export const DIALOG_SHOW_DELAY_MS = 100;
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;

export const MINIMUM_AGE = 18;
export const PLATFORM = 'WEB';
