#pragma once
// Units and number texts as profilers write them, converted to OpScope's base units.
//
// Nsight Compute spells units differently from version to version and, without --print-units base,
// scales each value on its own ("12.74 us", "1.5 Gbyte"). Everything is stored in base units:
//   time -> "ns"; data -> "byte" (SI prefixes x1000, Ki/Mi/Gi/Ti x1024); data rate -> "byte/s";
//   frequency and cycle rates -> "hz"; other rates -> "<count>/s" ("inst/s");
//   scaled counts -> the count ("Kinst" -> "inst", "Kbyte/block" -> "byte/block").
// Units that are already base ("%", "cycle", "inst", "register/thread", "sector", "SM"...) keep their
// name. Units this table does not know keep their name too, with the value unchanged (known = false).

#include <string>
#include <string_view>

namespace opscope::units {

struct Conversion {
    std::string base;    // the base unit's name ("ns", "byte", "byte/s", "hz"...); the input when unknown
    double factor = 1.0; // value in base units = value * factor
    bool known = false;  // the unit is one this table understands
    int exp10 = 0;       // factor == 10^exp10 when it is a power of ten other than 1 (for exact scaling)
};

// How to bring a value written in `unit` to base units. Leading/trailing spaces are ignored.
Conversion toBase(std::string_view unit);

// What a value text turned out to be.
enum class ValueKind {
    Empty,        // nothing, or only spaces
    NotAvailable, // "n/a"
    Number,
    Text, // not a number: "PolicySpread", "NVIDIA H100 80GB HBM3"
};

struct ParsedValue {
    ValueKind kind = ValueKind::Empty;
    double number = 0.0;   // for Number
    bool integral = false; // for Number: written without a fraction or an exponent
    std::string_view text; // the trimmed text, for every kind (points into the input)
};

// Parses a value as profilers print it: "2,816", "7,474,249,728", "3995313115.40", "-1.5e3",
// Windows locale grouping ("27.595.520": several dots and no comma; "1.234,5"), a decimal comma
// ("0,5"), leading/trailing spaces. Non-finite numbers ("nan", "inf") count as text.
ParsedValue parseValue(std::string_view text);

// Parses `text` and brings a number to base units with `unit` (from toBase, computed once per column).
// Powers of ten are applied to the decimal text, so "12.74" us is exactly 12740 ns. `integral` stays
// set when the text was an integer (the scaled value then is one too).
ParsedValue convertValue(std::string_view text, const Conversion &unit);

// toBase and convertValue in one step, for one-off values.
struct ConvertedValue {
    ParsedValue value; // number in base units
    Conversion unit;
};
ConvertedValue parseAndConvert(std::string_view text, std::string_view unit);

} // namespace opscope::units
