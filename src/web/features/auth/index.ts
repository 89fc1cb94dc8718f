// The auth feature's public entry: all that other features may import (eslint.config.js checks it).
export { AuthProvider, useAuth, useRequireAuth } from './AuthContext';
export { verifyTotp } from './signin';
export { TotpCodeField } from './TotpCodeField';
