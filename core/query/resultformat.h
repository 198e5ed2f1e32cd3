#pragma once

#include "query/statementrunner.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace core {

/// How `schedscope-cli query` prints results (docs/query.md):
/// - Table: columns aligned for people. The widths come from the first kTableRows rows, which
///   are held until then; later rows are printed as they come, a longer value widening only its
///   own row. NULL reads `NULL`. A row count follows each result.
/// - Csv: RFC 4180 (lines end in LF, as every CSV of the application), a header row, text quoted, NULL an
/// empty field; results of several
///   statements separated by an empty line.
/// - Json: each statement's result one JSON array of row objects (column name: value; NULL
///   null), written row by row; several statements give several arrays, one after another.
/// Text that is not UTF-8 (a query can make such) is written as bytesAsText writes it; a blob as
/// `\xNN` bytes too.
enum class ResultFormat { Table, Csv, Json };

std::optional<ResultFormat> resultFormatFromName(std::string_view name);

/// Rows the table format holds to size its columns.
inline constexpr size_t kTableRows = 1000;

/// A sink writing results in `format` to `out` as they arrive.
std::unique_ptr<QueryResultSink> makeResultWriter(ResultFormat format, std::ostream& out);

/// A value as text: integers and reals as C++'s shortest round-trip form, text as bytesAsText.
std::string queryValueText(const QueryValue& v);

} // namespace core
