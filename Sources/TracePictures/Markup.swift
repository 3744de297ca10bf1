import ObjectTrace

/// Text made safe for HTML and SVG: every name, value and detail a trace holds goes through here,
/// so a learner's value like `</script>` or a name with quotes shows as text.
enum Markup {
  /// `text` with `&`, `<`, `>`, `"` and `'` as character references, and control characters
  /// written out (`\u{1b}`): XML, and so an SVG file, does not allow them even as references.
  static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        result += "\\u{\(String(scalar.value, radix: 16))}"
      case _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// JSON text made safe inside a `<script>` element: `<`, `>` and `&` (which JSON has only
  /// inside strings) as `\u003c`, `\u003e`, `\u0026`, so no value can close the element.
  static func scriptSafe(json: String) -> String {
    var result = ""
    result.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": result += "\\u003c"
      case ">": result += "\\u003e"
      case "&": result += "\\u0026"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A class name made of `text`'s ASCII letters, digits and hyphens (`signed-in` stays).
  static func className(_ text: String) -> String {
    let kept = text.unicodeScalars.filter {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
    }
    return kept.isEmpty ? "other" : String(String.UnicodeScalarView(kept)).lowercased()
  }

  /// About how wide `text` is drawn at `size` pixels in a sans-serif face: enough to size a
  /// badge or to tell that a name needs squeezing into its card.
  static func width(of text: String, size: Double) -> Double {
    text.unicodeScalars.reduce(0) { sum, scalar in
      sum + (scalar.isASCII ? 0.6 : scalar.value < 0x2E80 ? 0.75 : 1.0) * size
    }
  }
}
