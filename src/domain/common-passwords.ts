// The passwords that top every published list of leaked passwords (and a few UK favourites).
// Kept as one string and made into a set on first use: a set built as the module loads is code
// that runs, which bundlers keep in every page that reaches this module, used or not.
const LIST = `
000000 000000000 102030 111111 11111111 112233 11223344 121212 123123 123123123 123321 12341234
12344321 123456 1234567 12345678 123456789 1234567890 123456789a 123456a 1234abcd 1234qwer
123654 123abc 123qwe 131313 159753 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qazxsw2 222222 232323
333333 555555 654321 666666 696969 777777 7777777 8675309 87654321 888888 88888888 987654
987654321 999999 a123456 aa123456 aaaaaa abc123 abc12345 abcdef access adidas admin123 amanda
andrea andrew anthony arsenal arsenal1 asd123 asdf1234 asdfasdf asdfgh ashley austin azerty
badboy bailey banana barney baseball batman bigdaddy bigdog biteme booboo boomer boston brandon
brandy bulldog buster camaro casper celtic changeme charles charlie cheese chelsea chelsea1
chester chicago chicken cocacola coffee compaq computer cookie corvette cowboy cowboys crystal
dakota dallas daniel default diablo diamond dragon dragon1 eagles edward england everton falcon
fender ferrari fishing flower football football1 football123 forever freedom gandalf gateway
george gfhjkm ghbdtn ginger golden golfer guitar hammer hannah hardcore harley heather hello123
hockey hunter iceman iloveyou iloveyou1 internet jackson jasmine jasper jennifer jessica johnny
jordan joseph joshua junior justin killer klaster knight lakers letmein letmein1 liverpool
liverpool1 london love123 maggie manchester marina marine marlboro martin master matrix matthew
maverick melissa mercedes merlin michael michelle mickey midnight miller minecraft monkey
monkey1 monster morgan mother mustang nascar natasha ncc1701 nicole nikita oliver orange
p@ssw0rd panties passw0rd password password1 password123 patrick peanut pepper phoenix player
please pokemon porsche prince princess princess1 purple q1w2e3r4 q1w2e3r4t5 qazwsx qweasd
qweasdzxc qwer1234 qwerty qwerty1 qwerty123 qwertyuiop rabbit rachel raiders ranger rangers
rangers1 redsox richard robert samantha samsung scooby scooter secret secret1 shadow silver
slayer smokey snoopy soccer sparky spider starwars starwars1 steelers steven summer sunshine
sunshine1 superman taylor tennis thomas thunder tigers tigger tottenham trustno1 united victoria
welcome welcome1 whatever william winner winter wizard xxxxxx yamaha yankees yellow zaq12wsx
zxcvbn zxcvbnm
`;

let common: ReadonlySet<string> | undefined;

/**
 * Whether a password (lowercased) is on the list. A new password on it is refused: attackers try
 * these first, on every site.
 */
export function isCommonPassword(lower: string): boolean {
  common ??= new Set(LIST.split(/\s+/).filter(Boolean));
  return common.has(lower);
}
