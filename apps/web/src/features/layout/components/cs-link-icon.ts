import type { CustomerServiceEntry } from '@fortuna/contracts/system';
import type { UiIconName } from '../../../shared/art/ui-icon.tsx';

const icons: Record<CustomerServiceEntry['csType'], UiIconName> = {
  LIVECHAT: 'chat',
  TELEGRAM: 'telegram',
  WHATSAPP: 'whatsapp',
  MESSENGER: 'messenger',
  LINE: 'line',
  EMAIL: 'email',
};

export const customerServiceIcon = (entry: CustomerServiceEntry): UiIconName => icons[entry.csType];
