"""The translations are complete and current: `tools/i18n.py check`, as tests.

The first tests run the check on the repository itself (the templates against the sources,
then each language that has begun: missing, fuzzy and placeholder-changed entries, stale
compiled files and stale built notebooks); each failure lists the entries to update. The
others feed the same checks deliberately broken catalogues and notebooks in tmp_path, so the
checks are known to fail when they should.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import nbformat
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from kit_common.messages import Catalogue, Plural, set_language
from kit_common.pages import loading_words
from tools import i18n, notebook_text


def said(problems: list[i18n.Problem]) -> str:
    return "\n".join(str(p) for p in problems)


# ---------------------------------------------------------------------------------------
# The repository's own translations


def test_templates_are_current_with_the_sources():
    problems, _ = i18n.check_templates()
    assert not problems, "run `tools/i18n.py extract`:\n" + said(problems)


@pytest.mark.parametrize("lang", i18n.present_languages())
def test_catalogues_are_complete(lang):
    problems = []
    _, fresh = i18n.check_templates()
    for domain in i18n.domains():
        problems += i18n.check_po(i18n.po_path(domain, lang), lang, fresh[domain])
    assert not problems, f"{len(problems)} entries to update:\n" + said(problems)


@pytest.mark.parametrize("lang", i18n.present_languages())
def test_compiled_catalogues_are_current(lang):
    problems = i18n.check_compiled(lang)
    assert not problems, said(problems)


@pytest.mark.parametrize("lang", i18n.present_languages())
def test_the_glossary_is_written_and_readable(lang):
    problems = i18n.check_glossary(lang)
    assert not problems, said(problems)


@pytest.mark.parametrize("lang", i18n.present_languages())
def test_translated_notebooks_are_built_from_the_current_po(lang):
    problems = i18n.check_built(lang)
    assert not problems, said(problems)


def test_every_english_page_links_to_its_translations():
    problems = i18n.check_language_links()
    assert not problems, said(problems)


# ---------------------------------------------------------------------------------------
# The checks fail when they should


def write(path: Path, catalog: Catalog) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=0)
    path.write_bytes(out.getvalue())
    return path


def english_template(one_die: str = "{n} die") -> Catalog:
    """The English template of the tests; `one_die` is the "one" form of the dice count."""
    template = Catalog(domain="kit")
    template.add("{n} Tanks beat {rays} Death Rays", context="score.tanks_win")
    template.add("Roll again", context="button.roll")
    template.add((one_die, "{n} dice"), context="dice.count")
    return template


def spanish(**strings: str | tuple[str, ...]) -> Catalog:
    catalog = i18n.new_translation("kit", "es")
    done = {
        "score.tanks_win": "{n} Tanques vencen a {rays} Rayos Mortales",
        "button.roll": "Tirar otra vez",
        "dice.count": ("{n} dado", "{n} dados"),
    }
    done.update(strings)
    for message in english_template():
        if message.id:
            catalog.add(message.id, done[message.context], context=message.context)
    return catalog


def test_a_complete_translation_passes(tmp_path):
    path = write(tmp_path / "kit.po", spanish())
    assert i18n.check_po(path, "es", english_template()) == []


def test_a_missing_translation_is_named(tmp_path):
    path = write(tmp_path / "kit.po", spanish(**{"button.roll": ""}))
    problems = i18n.check_po(path, "es", english_template())
    assert [(p.context, p.msgid, p.what) for p in problems] == [
        ("button.roll", "Roll again", "missing translation")
    ]
    assert "kit.po: [button.roll] 'Roll again': missing translation" in str(problems[0])


def test_a_lost_placeholder_is_named(tmp_path):
    broken = spanish(**{"score.tanks_win": "{n} Tanques vencen a los Rayos Mortales"})
    problems = i18n.check_po(write(tmp_path / "kit.po", broken), "es", english_template())
    assert len(problems) == 1 and problems[0].context == "score.tanks_win"
    assert "lacks {rays}" in problems[0].what


def test_a_plural_form_without_its_placeholder_is_named(tmp_path):
    broken = spanish(**{"dice.count": ("{n} dado", "varios dados")})
    problems = i18n.check_po(write(tmp_path / "kit.po", broken), "es", english_template())
    assert [p.context for p in problems] == ["dice.count"]
    assert "lacks {n}" in problems[0].what and "(form 1)" in problems[0].what


def test_a_changed_english_sentence_becomes_fuzzy_and_is_named(tmp_path):
    path = write(tmp_path / "kit.po", spanish())
    changed = english_template()
    changed.delete("Roll again", context="button.roll")
    changed.add("Roll the other dice", context="button.roll")
    catalog = read_po(path.open("rb"), locale="es")
    i18n.merge(catalog, changed)
    message = catalog.get("Roll the other dice", context="button.roll")
    assert message.string == "Tirar otra vez" and message.fuzzy
    assert message.previous_id == ["Roll again"]
    assert catalog.get("Roll again", context="button.roll") is None  # the old entry is dropped
    write(path, catalog)
    problems = i18n.check_po(path, "es", changed)
    assert [(p.context, p.msgid) for p in problems] == [("button.roll", "Roll the other dice")]
    assert problems[0].what.startswith("fuzzy")


def test_a_new_english_sentence_is_added_empty_and_named(tmp_path):
    path = write(tmp_path / "kit.po", spanish())
    grown = english_template()
    grown.add("Stop", context="button.stop")
    catalog = read_po(path.open("rb"), locale="es")
    i18n.merge(catalog, grown)
    assert not catalog.get("Stop", context="button.stop").string
    assert not catalog.get("Stop", context="button.stop").fuzzy  # nothing like it before
    assert i18n.check_po(path, "es", grown)[0].what.startswith("not in the po yet")


def test_a_russian_po_gets_three_plural_forms(tmp_path):
    catalog = i18n.new_translation("kit", "ru")
    i18n.merge(catalog, english_template())
    text = write(tmp_path / "kit.po", catalog).read_text(encoding="utf-8")
    assert "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0" in text
    assert 'msgstr[2] ""' in text
    assert "nplurals=2; plural=(n != 1);" in i18n.new_translation("kit", "es").plural_forms


def test_a_wrong_plural_forms_header_is_named(tmp_path):
    catalog = spanish()
    catalog.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n==1 ? 0 : n==0 ? 1 : 2);")]
    problems = i18n.check_po(write(tmp_path / "kit.po", catalog), "es", english_template())
    assert any("Plural-Forms" in p.what for p in problems)


@pytest.mark.parametrize(
    ("english", "translated", "problem"),
    [
        ("{x:.2f} points", "{x:.2f} puntos", None),
        ("{x:.2f} points", "{x} puntos", "lacks {x:.2f}; adds {x}"),
        ("mean {float(m):.2f}", "media {float(m):.2f}", None),
        ("{{not a field}} {n}", "{n} {{no}}", None),
        ("see [the rules](02_a_turn.ipynb)", "ver [las reglas](02_a_turn.ipynb)", None),
        ("see [the rules](02_a_turn.ipynb)", "ver [las reglas](03_scoring.ipynb)", "lacks"),
        ("{value!r} is no face", "{value} no es una cara", "lacks {value!r}"),
    ],
)
def test_placeholders_must_survive(english, translated, problem):
    found = i18n.placeholder_problem(english, translated)
    assert (found is None) == (problem is None)
    if problem:
        assert problem in found


# ---------------------------------------------------------------------------------------
# Building a translated notebook


def tiny_notebook(path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            "[Contents](../00_index.ipynb) | [the code](../../martian_kit/dice.py)\n\n"
            "# A page\n\nSome words here."
        ),
        nbformat.v4.new_code_cell(
            'show("Two words")\nlabel = (\n    f"a long sentence "\n    f"of {n} words"\n)'
        ),
        nbformat.v4.new_code_cell('assert text() == "English words"'),
    ]
    nb.cells[2].metadata["tags"] = [notebook_text.CHECK_TAG]
    for index, cell in enumerate(nb.cells):
        cell.id = f"c{index:02}"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


@pytest.fixture
def page(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    monkeypatch.setattr(i18n, "NOTEBOOKS", tmp_path / "notebooks")
    tiny_notebook(tmp_path / "notebooks" / "00_index.ipynb")
    return tiny_notebook(tmp_path / "notebooks" / "game" / "01_page.ipynb")


def test_build_translates_prose_and_code_strings(page):
    translations = {
        ("game/01_page.ipynb", "# A page"): "# Una página",
        ("game/01_page.ipynb", "Some words here."): "Algunas palabras.",
        ("game/01_page.ipynb", "Two words"): 'Dos "palabras"',
        ("game/01_page.ipynb", "a long sentence of {n} words"): "una frase de {n} palabras",
        (
            "game/01_page.ipynb",
            "[Contents](../00_index.ipynb) | [the code](../../martian_kit/dice.py)",
        ): "[Índice](../00_index.ipynb) | [el código](../../martian_kit/dice.py)",
    }
    built, untranslated = i18n.translate_notebook(
        notebook_text.load(page), page, "es", translations
    )
    assert untranslated == []
    sources = [notebook_text.cell_source(cell) for cell in built["cells"]]
    assert built["cells"][0]["metadata"]["tags"] == [notebook_text.LANGUAGES_TAG]
    assert "[English](../../game/01_page.ipynb) · **Español**" in sources[0]
    assert sources[1] == 'from kit_common.messages import set_language\n\nset_language("es")'
    # a link that stays in the mirrored tree is kept; one that leaves it gets one more ../
    assert sources[2] == (
        "[Índice](../00_index.ipynb) | [el código](../../../martian_kit/dice.py)\n\n"
        "# Una página\n\nAlgunas palabras."
    )
    # the quote the translation brings is escaped; the implicit join becomes one f-string
    assert (
        sources[3] == 'show("Dos \\"palabras\\"")\nlabel = (\n    f"una frase de {n} palabras"\n)'
    )
    compile(sources[3], "cell", "exec")
    # the check compares English sentences: it runs in English
    assert sources[4].startswith('set_language("en")')
    assert sources[4].endswith('\nset_language("es")')
    assert [cell.get("id") for cell in built["cells"][2:]] == ["c00", "c01", "c02"]
    # the English metadata, and what the app says while the page runs, in Spanish (the
    # Spanish catalogue's words; English where it has none)
    set_language("es")
    try:
        spanish_words = loading_words()
    finally:
        set_language("en")
    assert built["metadata"]["kit"] == spanish_words
    assert spanish_words["language"] == "es"
    english = notebook_text.load(page)["metadata"]
    assert {k: v for k, v in built["metadata"].items() if k != "kit"} == english


def test_build_refuses_an_untranslated_page_unless_allowed(page):
    with pytest.raises(i18n.BuildRefused, match="Some words here"):
        i18n.build(["es"])
    assert not (i18n.NOTEBOOKS / "es").exists()
    written = i18n.build(["es"], allow_english=True)
    built = i18n.NOTEBOOKS / "es" / "game" / "01_page.ipynb"
    # the English pages get their language links
    assert built in written and page in written and len(written) == 4
    english = json.loads(page.read_text(encoding="utf-8"))
    assert english["cells"][0]["id"] == i18n.LANGUAGES_CELL_ID
    assert "**English** · [Español](../es/game/01_page.ipynb)" in notebook_text.cell_source(
        english["cells"][0]
    )
    assert i18n.build(["es"], allow_english=True) == []  # current: nothing written again


def test_a_stale_built_notebook_is_named(page):
    i18n.build(["es"], allow_english=True)
    assert i18n.check_built("es") == []
    notebook = json.loads(page.read_text(encoding="utf-8"))
    notebook["cells"][1]["source"] = "# A page, changed"
    page.write_text(json.dumps(notebook), encoding="utf-8")
    problems = i18n.check_built("es")
    assert [p.path.name for p in problems] == ["01_page.ipynb"]
    assert "not built from the current English" in problems[0].what


# ---------------------------------------------------------------------------------------
# The cut of a notebook into pieces (tools/notebook_text.py)


def cut(*cells) -> list[tuple[str, str]]:
    notebook = {"cells": list(cells)}
    return [(piece.kind, piece.text) for piece in notebook_text.pieces(notebook)]


def test_markdown_is_cut_into_blocks_and_fenced_code_stays_whole():
    cell = nbformat.v4.new_markdown_cell(
        "# Title\n\nA paragraph\non two lines.\n\n```\na\n\nb\n```"
    )
    assert cut(cell) == [
        ("markdown", "# Title"),
        ("markdown", "A paragraph\non two lines."),
        ("markdown", "```\na\n\nb\n```"),
    ]


def test_code_gives_its_worded_literals_but_not_checks_names_or_kept_ones():
    shown = nbformat.v4.new_code_cell(
        'show("Two words", key="stop")\n'
        'policy = "cautious three"  # i18n: keep\n'
        'f"Roll {n} " "dice now"'
    )
    check = nbformat.v4.new_code_cell('assert x == "English words here"')
    check.metadata["tags"] = [notebook_text.CHECK_TAG]
    links = nbformat.v4.new_markdown_cell("English · [Español](es/x.ipynb)")
    links.metadata["tags"] = [notebook_text.LANGUAGES_TAG]
    assert cut(shown, check, links) == [("code", "Two words"), ("code", "Roll {n} dice now")]


# ---------------------------------------------------------------------------------------
# Templates and compiled files


def test_a_kit_template_has_plurals_and_marks_format_fields(monkeypatch):
    toy = Catalogue(
        "toy",
        {"dice.count": Plural("{n} die", "{n} dice"), "button.roll": "Roll", "score": "{x:.2f}"},
    )
    monkeypatch.setattr(i18n, "kit_catalogues", lambda domain: [toy])
    template = i18n.kit_template("toy")
    dice = template.get("{n} die", context="dice.count")
    assert dice.id == ("{n} die", "{n} dice") and "python-brace-format" in dice.flags
    assert "python-brace-format" not in template.get("Roll", context="button.roll").flags
    assert i18n.format_fields("{x:.2f} and {value!r}") == ["x:.2f", "value!r"]


def test_a_template_behind_its_sources_is_named(monkeypatch):
    real = i18n.template

    def grown(domain):
        fresh = real(domain)
        if domain == "martian_kit":
            fresh.add("A brand new sentence", context="new.sentence")
        return fresh

    monkeypatch.setattr(i18n, "template", grown)
    problems, _ = i18n.check_templates()
    assert [(p.path.name, p.context) for p in problems] == [("martian_kit.pot", "new.sentence")]
    assert "new in the sources: run `tools/i18n.py extract`" in problems[0].what


def test_a_mo_not_compiled_from_its_po_is_named(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    po = write(i18n.po_path("martian_kit", "es"), spanish())
    assert [p.path.name for p in i18n.check_compiled("es")] == ["martian_kit.mo"]  # none yet
    assert i18n.compile_catalogues(["es"]) == [i18n.mo_path("martian_kit", "es")]
    assert i18n.check_compiled("es") == []
    write(po, spanish(**{"button.roll": "Volver a tirar"}))
    problems = i18n.check_compiled("es")
    assert len(problems) == 1 and "not compiled from the current po" in problems[0].what


def test_a_new_language_is_linked_from_every_page_without_losing_outputs(page):
    i18n.build(["es"], allow_english=True)
    spanish = i18n.NOTEBOOKS / "es" / "game" / "01_page.ipynb"
    executed = json.loads(spanish.read_text(encoding="utf-8"))
    executed["cells"][3]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "x"}]
    spanish.write_text(i18n.notebook_json(executed), encoding="utf-8")
    assert "Português" not in notebook_text.cell_source(executed["cells"][0])
    i18n.build(["pt"], allow_english=True)
    relinked = json.loads(spanish.read_text(encoding="utf-8"))
    assert "[Português](../../pt/game/01_page.ipynb)" in notebook_text.cell_source(
        relinked["cells"][0]
    )
    assert relinked["cells"][3]["outputs"][0]["text"] == ["x"]  # nbformat keeps text as lines
    assert i18n.check_built("es") == [] and i18n.check_language_links() == []


def test_a_po_that_does_not_read_is_named(tmp_path):
    path = tmp_path / "kit.po"
    path.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "a"\nmsgid "Roll"\nmgstr "Tirar"\n', "utf-8")
    problems = i18n.check_po(path, "es", english_template())
    assert len(problems) == 1 and problems[0].what.startswith("does not read")


def test_update_fits_a_po_made_with_cldrs_plural_forms(tmp_path):
    catalog = spanish(**{"dice.count": ("{n} dado", "{n} dados", "{n} de dados")})
    catalog.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n == 1 ? 0 : 1);")]
    path = write(tmp_path / "kit.po", catalog)
    catalog = read_po(path.open("rb"), locale="es")
    catalog.mime_headers = [("Plural-Forms", i18n.PLURAL_FORMS["es"])]
    i18n.merge(catalog, english_template())
    i18n.fit_plural_forms(catalog)
    dice = catalog.get("{n} die", context="dice.count")
    assert dice.string == ("{n} dado", "{n} dados") and dice.fuzzy


def a_die_template() -> Catalog:
    """The English template with a "one" form that leaves out {n}: "a die", "{n} dice"."""
    return english_template(one_die="a die")


def russian(dice_count: tuple[str, ...]) -> Catalog:
    catalog = i18n.new_translation("kit", "ru")
    done = {
        "score.tanks_win": "{n} Танков побеждают {rays} Лучей смерти",
        "button.roll": "Бросить ещё раз",
        "dice.count": dice_count,
    }
    for message in a_die_template():
        if message.id:
            catalog.add(message.id, done[message.context], context=message.context)
    return catalog


def test_russian_form_zero_must_keep_n_because_it_also_says_21(tmp_path):
    template = a_die_template()  # English "one" drops {n}
    broken = russian(("кубик", "{n} кубика", "{n} кубиков"))  # would say "кубик" for 21
    problems = i18n.check_po(write(tmp_path / "kit.po", broken), "ru", template)
    assert [p.context for p in problems] == ["dice.count"]
    assert "lacks {n}" in problems[0].what and "(form 0)" in problems[0].what
    right = russian(("{n} кубик", "{n} кубика", "{n} кубиков"))
    assert i18n.check_po(write(tmp_path / "kit.po", right), "ru", template) == []


def test_spanish_form_zero_may_drop_n_because_it_is_used_for_one_alone(tmp_path):
    template = a_die_template()
    catalog = i18n.new_translation("kit", "es")
    done = {
        "score.tanks_win": "{n} Tanques vencen a {rays} Rayos Mortales",
        "button.roll": "Tirar otra vez",
        "dice.count": ("un dado", "{n} dados"),
    }
    for message in template:
        if message.id:
            catalog.add(message.id, done[message.context], context=message.context)
    path = write(tmp_path / "kit.po", catalog)
    assert i18n.check_po(path, "es", template) == []
    assert i18n.form_zero_is_one_alone("es") and not i18n.form_zero_is_one_alone("ru")


def test_every_form_keeps_the_other_forms_fields_besides_n(tmp_path):
    template = english_template()
    template.add(("a die shows {face}", "{n} dice show {face}"), context="dice.show")
    catalog = spanish()
    catalog.add(
        template.get(("a die shows {face}", "{n} dice show {face}"), "dice.show").id,
        ("un dado", "{n} dados muestran {face}"),
        context="dice.show",
    )
    problems = i18n.check_po(write(tmp_path / "kit.po", catalog), "es", template)
    assert [p.context for p in problems] == ["dice.show"]
    assert "lacks {face}" in problems[0].what and "(form 0)" in problems[0].what


@pytest.mark.parametrize(
    "text",
    [
        "Score",
        "VP",
        "Roll-off",
        "95% interval",
        "4 pink",
        " and ",
        ", then ",
        "scientist {level}",
        "{m} (about {x:.2f})",
    ],
)
def test_a_header_word_a_joiner_or_a_word_beside_a_field_is_a_piece(text):
    assert notebook_text.has_words(text)


@pytest.mark.parametrize(
    "text", ["optimal", "none", "cautious-6", "{a} {b}", "ui.length.{length}", "x", "TANKS"]
)
def test_a_code_value_is_no_piece(text):
    assert not notebook_text.has_words(text)


def test_a_capitalised_key_marked_keep_stays_english():
    source = 'players = ("Ana", "Ben")  # i18n: keep\nTable(["Seat", "Player"], rows)\n'
    assert [p.text for p in notebook_text.code_pieces(0, source)] == ["Seat", "Player"]


def test_a_long_translated_literal_is_never_cut_inside_a_field():
    """The Russian of page 5's sentence was cut at the space of `, '.2f')` inside a field (a
    literal Python could not read): a cut comes only after a space outside `{...}`."""
    field = "{number_text(float(risk.odds().expected('vp')), '.2f')}"
    body = "При открытии виджета раунд в среднем приносит очень много " + field + " ПО; и дальше"
    for width in range(20, 90):
        chunks = i18n._chunks(body, width)
        assert "".join(chunks) == body
        assert all(chunk.count("{") == chunk.count("}") for chunk in chunks), width
