#pragma once

#include "query/columntable.h"

#include <memory>
#include <string>
#include <unordered_map>

struct sqlite3;

namespace core {

/// The tables a connection's virtual tables read, by the key their CREATE VIRTUAL TABLE names.
using ColumnTables = std::unordered_map<std::string, std::shared_ptr<const ColumnTable>>;

/// The SQLite module behind SchedScope's tables: `CREATE VIRTUAL TABLE name USING
/// schedscope_columns(KEY)` makes the ColumnTable `tables[KEY]` a read-only SQL table (no
/// xUpdate: INSERT, UPDATE and DELETE fail) without copying it. A scan reads the columns in
/// place. An `=` on a row-number column (`id`, `utid`, `upid`) or the rowid goes to that row;
/// `=`, `<`, `<=`, `>`, `>=` on another integer column read the rows in range from the column's
/// sorted index, built the first time a query asks for it (ColumnTable::rowsWithin). SQLite still
/// checks every constraint on the rows handed to it, so the index only needs to hold a superset.
/// `tables` must outlive the connection. Returns SQLite's result code.
int registerColumnModule(sqlite3* db, const ColumnTables* tables);

/// The name the module is registered as.
inline constexpr const char* kColumnModule = "schedscope_columns";

/// `CREATE TABLE name(col TYPE, ...)`: the table's columns with their SQL types (INTEGER, REAL,
/// TEXT), for the virtual table's declaration and the ordinary table of a database file.
std::string columnTableDeclaration(const ColumnTable& table, const std::string& name);

/// `name` quoted as an SQL identifier ("a""b").
std::string sqlIdentifier(const std::string& name);

} // namespace core
