import type { Client } from '../../contract/clients';

// Sample payloads of the client machines: the registry's path walks.

export const SAMPLE_CLIENT: Client = {
  id: 41, name: 'Альфа', fullName: 'ООО «Альфа»', firstName: '', lastName: '', middleName: '', siteUrl: '',
  accessibleThroughAdmin: false, avatarUrl: null, activityId: null, regionId: null, countryId: 1, clientType: 'corporate',
  isLegal: true, officeId: null, inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', isVerified: false, role: 1,
  usersCount: 1, pendingRequestsCount: 0, pendingUpdate: null, createdAt: '2025-09-01T10:00:00.000Z',
};
