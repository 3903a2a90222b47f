/** The password of the accounts tests register; it passes every check of the registration. */
export const testPassword = 'Sommer-Urlaub-2026';

/** POST /api/account/register's body for a new customer `userName` (an e-mail address). */
export const registration = (userName: string, password = testPassword) => ({
  userName,
  password,
  salutation: 20,
  firstName: 'Anna',
  lastName: 'Huber',
  newsletter: false,
});
