/** The shortest new password the platform accepts: the user pool's minimum (docs/accounts-api.md). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
