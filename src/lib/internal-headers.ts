/**
 * Headers the server sets on the requests it hands to the auth library itself (never trusted
 * from outside: the server overwrites or removes them on every request).
 */
/** The client's address, as the server worked it out (socket, or X-Forwarded-For behind a proxy). */
export const CLIENT_IP_HEADER = "x-tb-client-ip";
/** The robot check's answer, passed from a page's form to the sign-in and sign-up calls. */
export const ROBOT_CHECK_HEADER = "x-altcha";
