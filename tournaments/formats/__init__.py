"""Pairing and advancement of every tournament format: pure Python over plain data, no Django.

Players are identified by any hashable, orderable id (the app uses user ids). Each
module takes what it needs (standings, past meetings, results) as plain values and
returns plain values, so that it is tested alone, property by property.
"""
