import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. Set on the server only: browsers hide a nonce attribute from
 * scripts once the page has loaded, so the client renders an empty one and hydration still matches.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
