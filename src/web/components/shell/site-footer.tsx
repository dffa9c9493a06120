import { Link } from "react-router";
import facebook from "simple-icons/icons/facebook.svg?no-inline";
import instagram from "simple-icons/icons/instagram.svg?no-inline";
import tiktok from "simple-icons/icons/tiktok.svg?no-inline";
import youtube from "simple-icons/icons/youtube.svg?no-inline";
import { footerColumns, socialLinks } from "~/web/lib/site-links";
import { Logo } from "../ui/logo";

// The brands' marks are files the page fetches (painted in the text colour through a mask), not
// path data in every page's JavaScript. In forced colours the mask keeps the link's system colour.
const icons = { instagram, facebook, tiktok, youtube };

export function SiteFooter({ hideOnSmallScreens }: { hideOnSmallScreens: boolean }) {
  return (
    // Off screen when a page first paints: skipped until it comes near (content-visibility), so its
    // layout and its marks' files wait instead of competing with what the person came to see.
    <footer
      className={
        `mt-16 border-t border-border bg-surface-2/60 [content-visibility:auto] ` +
        `[contain-intrinsic-size:auto_70rem] laptop:[contain-intrinsic-size:auto_24rem] ` +
        (hideOnSmallScreens ? "hidden laptop:block" : "")
      }
    >
      <div className="container-page grid gap-10 py-12 laptop:grid-cols-[1.2fr_repeat(6,1fr)]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-fg-muted">
            Tickets for the pub quiz, the basement gig, the charity run and the pottery workshop. Honest all-in prices,
            always.
          </p>
          <ul className="mt-5 flex gap-2" aria-label="Social media">
            {socialLinks.map((s) => (
              <li key={s.icon}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={s.label}
                  className="inline-flex size-10 items-center justify-center rounded-full border border-border
                    bg-surface text-fg-muted hover:text-brand"
                >
                  <span
                    aria-hidden
                    className="size-4 bg-current forced-color-adjust-none"
                    style={{ mask: `url(${icons[s.icon]}) center / contain no-repeat` }}
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-2 gap-8 tablet:grid-cols-3 laptop:contents">
          {footerColumns.map((column) => (
            <div key={column.heading}>
              <h2 className="text-sm font-semibold">{column.heading}</h2>
              <ul className="mt-3 space-y-1">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="inline-block py-1 text-sm text-fg-muted hover:text-fg">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="container-page py-5 text-xs text-fg-muted">
          © {new Date().getFullYear()} Ticketyboo. Made for the UK grassroots scene. Prices shown include booking fees.
        </p>
      </div>
    </footer>
  );
}
