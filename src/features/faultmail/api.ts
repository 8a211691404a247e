import { postData } from '../../api/call';
import type { DeliveryLogBody, DeliveryRow, SubscriptionBody, SubscriptionRow } from '../../../contract/faultmail';

/** The fault mail subscription calls (server/faultmail, CONTRACT.md): the caller's own subscriptions and delivery log. */
export const faultMailKeys = {
  all: ['faultmail'] as const,
  subscriptions: () => [...faultMailKeys.all, 'subscriptions'] as const,
  options: () => [...faultMailKeys.all, 'options'] as const,
  log: (body: DeliveryLogBody) => [...faultMailKeys.all, 'log', body] as const,
};

export interface SubscriptionOptions {
  countries: string[];
  models: string[];
  fault_codes: { code: string; level: string; description: string }[];
}

export const faultMailApi = {
  subscriptions: () => postData<SubscriptionRow[]>('/FaultMail/GetMySubscriptions', {}),
  options: () => postData<SubscriptionOptions>('/FaultMail/GetSubscriptionOptions', {}),
  save: (body: SubscriptionBody) => postData<{ id: number }>('/FaultMail/SaveSubscription', { ...body }),
  remove: (id: number) => postData<null>('/FaultMail/DeleteSubscription', { id }),
  log: (body: DeliveryLogBody) => postData<{ data: DeliveryRow[]; dataCount: number }>('/FaultMail/GetDeliveryLog', { ...body }),
};
