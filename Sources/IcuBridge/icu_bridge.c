#include "icu_bridge.h"

#include <stdio.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/ulocdata.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>

void *icu_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return NULL;
    return rules;
}

void icu_plural_rules_close(void *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}

static int to_utf8(const UChar *text, int32_t length, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, capacity, &written, text, length, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    out[written] = 0;
    return written;
}

int icu_plural_select(const void *rules, double number, int fraction_digits, char *out, int capacity) {
    UChar keyword[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length;
    if (fraction_digits == 0) {
        length = uplrules_select((const UPluralRules *)rules, number, keyword, 32, &status);
    } else {
        // A number shown with decimals ("1,0") has its own category: the rules see its visible fraction digits.
        UChar skeleton[16];
        char ascii[16];
        snprintf(ascii, sizeof ascii, ".%.*s", fraction_digits > 6 ? 6 : fraction_digits, "000000");
        u_uastrcpy(skeleton, ascii);
        UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(skeleton, -1, "und", &status);
        UFormattedNumber *formatted = unumf_openResult(&status);
        unumf_formatDouble(formatter, number, formatted, &status);
        length = uplrules_selectFormatted((const UPluralRules *)rules, formatted, keyword, 32, &status);
        unumf_closeResult(formatted);
        unumf_close(formatter);
    }
    if (U_FAILURE(status)) return -1;
    return to_utf8(keyword, length, out, capacity);
}

int icu_plural_categories(const void *rules, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &status);
    if (U_FAILURE(status)) return -1;
    int used = 0;
    const char *keyword;
    int32_t length;
    while ((keyword = uenum_next(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (used + length + 2 > capacity) { used = -1; break; }
        if (used > 0) out[used++] = ' ';
        memcpy(out + used, keyword, (size_t)length);
        used += length;
    }
    uenum_close(keywords);
    if (used >= 0) out[used] = 0;
    return U_FAILURE(status) ? -1 : used;
}

int icu_index_characters(const char *locale, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &status);
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, ULOCDATA_ES_INDEX, &status);
    ulocdata_close(data);
    if (U_FAILURE(status)) return -1;
    int used = 0;
    int32_t items = uset_getItemCount(set);
    for (int32_t n = 0; n < items && used >= 0; n++) {
        UChar32 start, end;
        UChar text[64];
        int32_t length = uset_getItem(set, n, &start, &end, text, 64, &status);
        if (U_FAILURE(status)) { used = -1; break; }
        if (length == 0) {  // a range of code points
            for (UChar32 c = start; c <= end && used >= 0; c++) {
                char utf8[8];
                UChar units[2];
                int32_t nu = 0;
                U16_APPEND_UNSAFE(units, nu, c);
                int n8 = to_utf8(units, nu, utf8, 8);
                if (n8 < 0 || used + n8 + 2 > capacity) { used = -1; break; }
                if (used > 0) out[used++] = ' ';
                memcpy(out + used, utf8, (size_t)n8);
                used += n8;
            }
        } else {  // a string of the set (a digraph such as Hungarian "CS"): one index letter of several characters
            char utf8[256];
            int n8 = to_utf8(text, length, utf8, 256);
            if (n8 < 0 || used + n8 + 2 > capacity) { used = -1; break; }
            if (used > 0) out[used++] = ' ';
            memcpy(out + used, utf8, (size_t)n8);
            used += n8;
        }
    }
    uset_close(set);
    if (used >= 0) out[used] = 0;
    return used;
}

int icu_script_code(uint32_t scalar, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)scalar, &status);
    const char *code = U_SUCCESS(status) ? uscript_getShortName(script) : NULL;
    if (code == NULL) return -1;
    int length = (int)strlen(code);
    if (length + 1 > capacity) return -1;
    memcpy(out, code, (size_t)length + 1);
    return length;
}

int icu_time_zone_name(const char *zone, const char *locale, char *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar id[128], canonical[128];
    int32_t length = 0;
    u_strFromUTF8(id, 128, &length, zone, -1, &status);
    UBool known = 0;
    ucal_getCanonicalTimeZoneID(id, length, canonical, 128, &known, &status);
    if (U_FAILURE(status) || !known) return -1;
    // The generic name ("vvvv") of a fixed day: ICU picks a zone's name by date (its metazone then), and a page's
    // bytes may not depend on the day it is built.
    static const UChar pattern[] = {'v', 'v', 'v', 'v', 0};
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, id, length, pattern, 4, &status);
    UChar text[256];
    int32_t written = udat_format(format, 1767225600000.0 /* 2026-01-01T00:00:00Z */, text, 256, NULL, &status);
    udat_close(format);
    if (U_FAILURE(status) || written >= 256) return -1;
    return to_utf8(text, written, out, capacity);
}
