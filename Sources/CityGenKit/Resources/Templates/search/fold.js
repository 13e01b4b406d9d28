// Fold: SPEC §2, step by step, as the Swift fold.
var Fold = (function () {
  var APOSTROPHES = /['\u2018\u2019\u02BC\u02BB`\u00B4\u02B9\u02BE\u02BF]/g;
  var LETTERS = { 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'ø': 'o', 'đ': 'd', 'ð': 'd', 'ł': 'l', 'ħ': 'h', 'ı': 'i', 'þ': 'th' };
  function fold(s) {  // lowercase per character: toLowerCase() on a whole string turns a final Σ into ς, Swift does not
    return Array.from(s, function (c) { return c.toLowerCase(); }).join('').normalize('NFKD').replace(/\p{M}/gu, '').replace(APOSTROPHES, '')
      .replace(/[ßæœøđðłħıþ]/g, function (c) { return LETTERS[c]; })
      .replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  }
  // Keys compare by code points, as in Swift; UTF-16 units put U+E000–U+FFFF after astral characters.
  function compare(a, b) {
    for (var i = 0, n = Math.min(a.length, b.length); i < n; i++) {
      var x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x !== y) {
        if (x >= 0xD800 && y >= 0xD800) { x = x >= 0xE000 ? x - 0x800 : x + 0x2000; y = y >= 0xE000 ? y - 0x800 : y + 0x2000; }
        return x < y ? -1 : 1;
      }
    }
    return a.length - b.length;
  }
  return { fold: fold, compare: compare };
})();
window.citygenFold = Fold.fold;  // for the tests
