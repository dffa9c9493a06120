/** The signed-in person as the pages see them: only what their own pages may show. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  userType: "buyer" | "host";
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  isVerified: boolean;
  isStaff: boolean;
  /** May enter Partner Studio: a host, or on a host's team (decision 0028). */
  inStudio: boolean;
}
