#ifndef ICU_BRIDGE_H
#define ICU_BRIDGE_H

#include <stdint.h>

// ICU's C functions carry its version in their names (uplrules_open_72): called from here they keep one name.

/// CLDR's plural rules of `locale`, or NULL when ICU cannot open them. Free with icu_plural_rules_close.
void *icu_plural_rules_open(const char *locale);
void icu_plural_rules_close(void *rules);
/// The plural category (`one`, `few`…) of `number` written with `fraction_digits` decimals, into `out`
/// (NUL-terminated); its length, or -1.
int icu_plural_select(const void *rules, double number, int fraction_digits, char *out, int capacity);
/// Every category of the rules, separated by spaces, into `out`; its length, or -1.
int icu_plural_categories(const void *rules, char *out, int capacity);

/// CLDR's index characters of `locale` (its jump index's letters), UTF-8, separated by spaces, in code point
/// order, into `out`; its length, or -1.
int icu_index_characters(const char *locale, char *out, int capacity);

/// The ISO 15924 code (`Cyrl`) of the script of `scalar` into `out`; its length, or -1. Common and inherited
/// characters (digits, marks) give `Zyyy` and `Zinh`.
int icu_script_code(uint32_t scalar, char *out, int capacity);

/// The generic name (`vvvv`) in `locale` of the IANA time zone `zone` (`hora de Reino Unido`), as ICU has it on a
/// fixed day, into `out`; its length, or -1 when ICU does not know the zone.
int icu_time_zone_name(const char *zone, const char *locale, char *out, int capacity);

#endif
