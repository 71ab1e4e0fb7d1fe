/**
 * Passwords of 10 or more characters that appear again and again in public breach lists
 * (shorter ones are already refused by the length rule). Compared case-insensitively.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  "1234567890", "0123456789", "0987654321", "9876543210", "12345678910", "123456789a", "a123456789",
  "1111111111", "0000000000", "2222222222", "5555555555", "7777777777", "9999999999", "1212121212",
  "1234512345", "1122334455", "1234567890a", "123456789q", "qwertyuiop", "asdfghjkl;", "zxcvbnm123",
  "qwerty1234", "qwerty12345", "1qaz2wsx3edc", "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4t5", "zaq12wsx",
  "qazwsxedc123", "asdfghjkl1", "qwertyuiop1", "password12", "password123", "password1234", "password1!",
  "passw0rd12", "p@ssw0rd12", "p@ssword123", "password!!", "passwordpassword", "mypassword1", "mypassword123",
  "newpassword", "newpassword1", "changeme123", "changeme!!", "letmein123", "letmein1234", "welcome123",
  "welcome1234", "welcome2024", "welcome2025", "welcome2026", "iloveyou12", "iloveyou123", "iloveyou1!",
  "sunshine123", "princess123", "football123", "baseball123", "basketball", "basketball1", "superman123",
  "batman12345", "starwars123", "pokemon1234", "dragon12345", "monkey12345", "charlie123", "michael123",
  "jennifer123", "jordan2323", "liverpool1", "liverpool123", "chelsea123", "arsenal123", "manchester",
  "manchester1", "computer123", "internet123", "trustno1234", "whatever123", "abcdefghij", "abcdefghijk",
  "abcdefg123", "abcd123456", "abc1234567", "abcde12345", "aaaaaaaaaa", "zzzzzzzzzz", "qqqqqqqqqq",
  "administrator", "admin12345", "admin123456", "adminadmin", "administrator1", "rootroot12", "useruser12",
  "testtest12", "test123456", "testing123", "guest12345", "default123", "secret1234", "secret12345",
  "hello12345", "helloworld", "helloworld1", "hello123456", "goodluck123", "freedom123", "shadow1234",
  "master12345", "killer1234", "soccer1234", "hockey1234", "summer2024", "summer2025", "summer2026",
  "winter2024", "winter2025", "winter2026", "spring2025", "autumn2025", "january2025", "december2025",
  "christmas1", "christmas123", "happy12345", "lovelove12", "family1234", "blink18222", "tinkerbell",
  "butterfly1", "elizabeth1", "chocolate1", "strawberry", "pineapple1", "watermelon", "firebird12",
  "mustang123", "corvette12", "ferrari123", "harley1234", "nirvana123", "metallica1", "slipknot12",
  "atelier123", "atelier1234", "atelierart", "artwork123", "artist1234", "drawing123", "painting12",
];

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** True for a listed password, one character repeated, or a plain run like "abcdefghij" or "2345678901". */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  if (/^(.)\1+$/.test(lower)) return true;
  const codes = [...lower].map((c) => c.charCodeAt(0));
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  return steps.length > 0 && (steps.every((s) => s === 1 || s === -9) || steps.every((s) => s === -1 || s === 9));
}
