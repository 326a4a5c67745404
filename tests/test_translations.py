"""The translations are complete and current: `tools/i18n.py check`, as tests.

The first tests run the check on the repository itself (the templates against what
`pybabel extract` gives today, then each language that has begun: missing, fuzzy and
placeholder-changed entries, stale compiled files and stale built notebooks); each failure
lists the entries to update. The others feed the same checks, Babel's commands as the tool
runs them and the kit's extractors deliberately broken or made-up catalogues and notebooks in
tmp_path, so the checks are known to fail when they should.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import nbformat
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from kit_common.messages import set_language
from kit_common.pages import loading_words
from tools import babel_commands, notebook_text, page_build, placeholders
from tools import translation_checks as checks
from tools import translation_files as files
from tools.babel_extractors import CODE_COMMENT, extract_kit_catalogue


def said(problems: list[checks.Problem]) -> str:
    return "\n".join(str(p) for p in problems)


# ---------------------------------------------------------------------------------------
# The repository's own translations


@pytest.fixture(scope="module")
def fresh() -> tuple[list[checks.Problem], dict[str, Catalog]]:
    """The templates' problems and the templates `pybabel extract` gives (extracted once)."""
    return checks.check_templates()


def test_templates_are_current_with_the_sources(fresh):
    problems, _ = fresh
    assert not problems, "run `tools/i18n.py extract`:\n" + said(problems)


@pytest.mark.parametrize("lang", files.present_languages())
def test_catalogues_are_complete(lang, fresh):
    problems = []
    for domain in files.domains():
        problems += checks.check_po(files.po_path(domain, lang), lang, fresh[1][domain])
    assert not problems, f"{len(problems)} entries to update:\n" + said(problems)


@pytest.mark.parametrize("lang", files.present_languages())
def test_compiled_catalogues_are_current(lang):
    problems = checks.check_compiled(lang)
    assert not problems, said(problems)


@pytest.mark.parametrize("lang", files.present_languages())
def test_the_glossary_is_written_and_readable(lang):
    problems = checks.check_glossary(lang)
    assert not problems, said(problems)


@pytest.mark.parametrize("lang", files.present_languages())
def test_translated_notebooks_are_built_from_the_current_po(lang):
    problems = checks.check_built(lang)
    assert not problems, said(problems)


def test_every_english_page_links_to_its_translations():
    problems = checks.check_language_links()
    assert not problems, said(problems)


def test_no_notebook_domain_is_compiled():
    """The notebooks' po is read by the build; a compiled notebooks.mo would be read by
    nothing."""
    assert not list(files.NOTEBOOKS.joinpath("locale").rglob("*.mo"))


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


def translation(lang: str, domain: str = "kit") -> Catalog:
    """An empty translation with gettext's Plural-Forms of `lang` (as the po files have)."""
    catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", files.PLURAL_FORMS[lang])]
    return catalog


def spanish(**strings: str | tuple[str, ...]) -> Catalog:
    catalog = translation("es")
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
    assert checks.check_po(path, "es", english_template()) == []


def test_a_missing_translation_is_named(tmp_path):
    path = write(tmp_path / "kit.po", spanish(**{"button.roll": ""}))
    problems = checks.check_po(path, "es", english_template())
    assert [(p.context, p.msgid, p.what) for p in problems] == [
        ("button.roll", "Roll again", "missing translation")
    ]
    assert "kit.po: [button.roll] 'Roll again': missing translation" in str(problems[0])


def test_a_lost_placeholder_is_named(tmp_path):
    broken = spanish(**{"score.tanks_win": "{n} Tanques vencen a los Rayos Mortales"})
    problems = checks.check_po(write(tmp_path / "kit.po", broken), "es", english_template())
    assert len(problems) == 1 and problems[0].context == "score.tanks_win"
    assert "lacks {rays}" in problems[0].what


def test_a_plural_form_without_its_placeholder_is_named(tmp_path):
    broken = spanish(**{"dice.count": ("{n} dado", "varios dados")})
    problems = checks.check_po(write(tmp_path / "kit.po", broken), "es", english_template())
    assert [p.context for p in problems] == ["dice.count"]
    assert "lacks {n}" in problems[0].what and "(form 1)" in problems[0].what


@pytest.fixture
def kit_tree(tmp_path, monkeypatch) -> Path:
    """A repository tree in tmp_path holding the martian_kit domain's Spanish po."""
    monkeypatch.setattr(files, "ROOT", tmp_path)
    return write(files.po_path("martian_kit", "es"), spanish())


def updated(template: Catalog, lang: str = "es") -> Catalog:
    """The po of `lang` after `tools/i18n.py update` (pybabel update) with `template`."""
    write(files.pot_path("martian_kit"), template)
    babel_commands.update([lang], domains=["martian_kit"])
    with files.po_path("martian_kit", lang).open("rb") as po:
        return read_po(po, locale=lang)


def test_a_changed_english_sentence_becomes_fuzzy_and_is_named(kit_tree):
    changed = english_template()
    changed.delete("Roll again", context="button.roll")
    changed.add("Roll them again", context="button.roll")
    catalog = updated(changed)
    message = catalog.get("Roll them again", context="button.roll")
    assert message.string == "Tirar otra vez" and message.fuzzy
    assert '#| msgid "Roll again"' in kit_tree.read_text(encoding="utf-8")  # the old English
    assert catalog.get("Roll again", context="button.roll") is None  # the old entry is dropped
    assert "#~" not in kit_tree.read_text(encoding="utf-8")  # and not kept as obsolete
    problems = checks.check_po(kit_tree, "es", changed)
    assert [(p.context, p.msgid) for p in problems] == [("button.roll", "Roll them again")]
    assert problems[0].what.startswith("fuzzy")


def test_a_new_english_sentence_is_added_empty_and_named(kit_tree):
    grown = english_template()
    grown.add("Stop", context="button.stop")
    catalog = updated(grown)
    assert not catalog.get("Stop", context="button.stop").string
    problems = checks.check_po(kit_tree, "es", grown)
    assert [(p.context, p.what) for p in problems] == [("button.stop", "missing translation")]


def test_update_keeps_gettexts_russian_rule_and_gives_three_forms(kit_tree):
    write(files.po_path("martian_kit", "ru"), translation("ru", "martian_kit"))
    updated(english_template(), "ru")
    text = files.po_path("martian_kit", "ru").read_text(encoding="utf-8")
    assert "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0" in text
    assert 'msgstr[2] ""' in text


def test_update_of_a_language_never_begun_says_how_to_start_it(kit_tree):
    with pytest.raises(SystemExit, match="pybabel init"):
        babel_commands.update(["pt"], domains=["martian_kit"])


def test_a_wrong_plural_forms_header_is_named(tmp_path):
    catalog = spanish()
    catalog.mime_headers = [("Plural-Forms", "nplurals=3; plural=(n==1 ? 0 : n==0 ? 1 : 2);")]
    problems = checks.check_po(write(tmp_path / "kit.po", catalog), "es", english_template())
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
    found = placeholders.placeholder_problem(english, translated)
    assert (found is None) == (problem is None)
    if problem:
        assert problem in found


def test_a_po_that_does_not_read_is_named(tmp_path):
    path = tmp_path / "kit.po"
    path.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "a"\nmsgid "Roll"\nmgstr "Tirar"\n', "utf-8")
    problems = checks.check_po(path, "es", english_template())
    assert len(problems) == 1 and problems[0].what.startswith("does not read")


def a_die_template() -> Catalog:
    """The English template with a "one" form that leaves out {n}: "a die", "{n} dice"."""
    return english_template(one_die="a die")


def russian(dice_count: tuple[str, ...]) -> Catalog:
    catalog = translation("ru")
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
    problems = checks.check_po(write(tmp_path / "kit.po", broken), "ru", template)
    assert [p.context for p in problems] == ["dice.count"]
    assert "lacks {n}" in problems[0].what and "(form 0)" in problems[0].what
    right = russian(("{n} кубик", "{n} кубика", "{n} кубиков"))
    assert checks.check_po(write(tmp_path / "kit.po", right), "ru", template) == []


def test_spanish_form_zero_may_drop_n_because_it_is_used_for_one_alone(tmp_path):
    template = a_die_template()
    catalog = translation("es")
    done = {
        "score.tanks_win": "{n} Tanques vencen a {rays} Rayos Mortales",
        "button.roll": "Tirar otra vez",
        "dice.count": ("un dado", "{n} dados"),
    }
    for message in template:
        if message.id:
            catalog.add(message.id, done[message.context], context=message.context)
    path = write(tmp_path / "kit.po", catalog)
    assert checks.check_po(path, "es", template) == []
    assert checks.form_zero_is_one_alone("es") and not checks.form_zero_is_one_alone("ru")


def test_every_form_keeps_the_other_forms_fields_besides_n(tmp_path):
    template = english_template()
    template.add(("a die shows {face}", "{n} dice show {face}"), context="dice.show")
    catalog = spanish()
    catalog.add(
        template.get(("a die shows {face}", "{n} dice show {face}"), "dice.show").id,
        ("un dado", "{n} dados muestran {face}"),
        context="dice.show",
    )
    problems = checks.check_po(write(tmp_path / "kit.po", catalog), "es", template)
    assert [p.context for p in problems] == ["dice.show"]
    assert "lacks {face}" in problems[0].what and "(form 0)" in problems[0].what


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
            'show(N_("Two words"), key="stop")\n'
            'label = N_(\n    f"a long sentence "\n    f"of {n} words"\n)'
        ),
        nbformat.v4.new_code_cell('assert text() == N_("English words")'),
    ]
    nb.cells[2].metadata["tags"] = [notebook_text.CHECK_TAG]
    for index, cell in enumerate(nb.cells):
        cell.id = f"c{index:02}"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


@pytest.fixture
def page(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(files, "ROOT", tmp_path)
    monkeypatch.setattr(files, "NOTEBOOKS", tmp_path / "notebooks")
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
    built, untranslated = page_build.translate_notebook(
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
    # the quote the translation brings is escaped; the implicit join becomes one f-string;
    # the unmarked "stop" stays as it is
    assert sources[3] == (
        'show(N_("Dos \\"palabras\\""), key="stop")\n'
        'label = N_(\n    f"una frase de {n} palabras"\n)'
    )
    compile(sources[3], "cell", "exec")
    # the check compares English sentences: it runs in English, its mark untranslated
    assert sources[4].startswith('set_language("en")')
    assert 'N_("English words")' in sources[4]
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
    with pytest.raises(page_build.BuildRefused, match="Some words here"):
        page_build.build(["es"])
    assert not (files.NOTEBOOKS / "es").exists()
    written = page_build.build(["es"], allow_english=True)
    built = files.NOTEBOOKS / "es" / "game" / "01_page.ipynb"
    # the English pages get their language links
    assert built in written and page in written and len(written) == 4
    english = json.loads(page.read_text(encoding="utf-8"))
    assert english["cells"][0]["id"] == page_build.LANGUAGES_CELL_ID
    assert "**English** · [Español](../es/game/01_page.ipynb)" in notebook_text.cell_source(
        english["cells"][0]
    )
    assert page_build.build(["es"], allow_english=True) == []  # current: nothing written again


def test_a_stale_built_notebook_is_named(page):
    page_build.build(["es"], allow_english=True)
    assert checks.check_built("es") == []
    notebook = json.loads(page.read_text(encoding="utf-8"))
    notebook["cells"][1]["source"] = "# A page, changed"
    page.write_text(json.dumps(notebook), encoding="utf-8")
    problems = checks.check_built("es")
    assert [p.path.name for p in problems] == ["01_page.ipynb"]
    assert "not built from the current English" in problems[0].what


def test_a_new_language_is_linked_from_every_page_without_losing_outputs(page):
    page_build.build(["es"], allow_english=True)
    spanish = files.NOTEBOOKS / "es" / "game" / "01_page.ipynb"
    executed = json.loads(spanish.read_text(encoding="utf-8"))
    executed["cells"][3]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "x"}]
    spanish.write_text(page_build.notebook_json(executed), encoding="utf-8")
    assert "Português" not in notebook_text.cell_source(executed["cells"][0])
    page_build.build(["pt"], allow_english=True)
    relinked = json.loads(spanish.read_text(encoding="utf-8"))
    assert "[Português](../../pt/game/01_page.ipynb)" in notebook_text.cell_source(
        relinked["cells"][0]
    )
    assert relinked["cells"][3]["outputs"][0]["text"] == ["x"]  # nbformat keeps text as lines
    assert checks.check_built("es") == [] and checks.check_language_links() == []


def test_a_long_translated_literal_is_never_cut_inside_a_field():
    """The Russian of page 5's sentence was cut at the space of `, '.2f')` inside a field (a
    literal Python could not read): a cut comes only after a space outside `{...}`."""
    field = "{number_text(float(risk.odds().expected('vp')), '.2f')}"
    body = "При открытии виджета раунд в среднем приносит очень много " + field + " ПО; и дальше"
    for width in range(20, 90):
        chunks = page_build._chunks(body, width)
        assert "".join(chunks) == body
        assert all(chunk.count("{") == chunk.count("}") for chunk in chunks), width


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


def test_code_gives_its_marked_strings_and_docstrings_only():
    shown = nbformat.v4.new_code_cell(
        'def table(rows):\n    """Rows with their header."""\n'
        '    return Table([N_("Score"), "Player"], rows)\n\n\n'
        'show(N_("Two words"), key="stop")\n'
        'policy = "cautious three"\n'
        'N_(f"Roll {n} " "dice now")\n'
        'text.N_("an attribute, not the mark")'
    )
    check = nbformat.v4.new_code_cell('assert x == N_("English words here")')
    check.metadata["tags"] = [notebook_text.CHECK_TAG]
    links = nbformat.v4.new_markdown_cell("English · [Español](es/x.ipynb)")
    links.metadata["tags"] = [notebook_text.LANGUAGES_TAG]
    assert cut(shown, check, links) == [
        ("code", "Rows with their header."),
        ("code", "Score"),  # one word, marked: offered to translators
        ("code", "Two words"),
        ("code", "Roll {n} dice now"),
    ]


@pytest.mark.parametrize("source", ["N_(name)", 'N_("a" + name)', "N_(\"a \" f'b {x}')"])
def test_a_mark_around_anything_but_literals_is_refused(source):
    with pytest.raises(notebook_text.MarkError, match="must hold string literals alone"):
        cut(nbformat.v4.new_code_cell(source))


# ---------------------------------------------------------------------------------------
# The extractors (tools/babel_extractors.py) and Babel's commands


def test_the_kit_extractor_gives_keys_as_contexts_and_plurals(tmp_path, monkeypatch):
    package = tmp_path / "toykit"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "messages.py").write_text(
        "from kit_common.messages import Catalogue, Plural\n"
        "ENGLISH = {\n"
        '    "dice.count": Plural("{n} die", "{n} dice"),\n'
        '    "button.roll": "Roll",\n'
        "}\n"
        'CATALOGUE = Catalogue("toykit", ENGLISH)\n'
        'ENGLISH.update({"score": "{x:.2f}"})  # a section added after the catalogue\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toykit", raising=False)
    monkeypatch.delitem(sys.modules, "toykit.messages", raising=False)
    with (package / "messages.py").open("rb") as source:
        found = list(extract(extract_kit_catalogue, source))
    assert found == [
        (3, ("{n} die", "{n} dice"), [], "dice.count"),
        (4, "Roll", [], "button.roll"),
        (7, "{x:.2f}", [], "score"),
    ]
    template = Catalog()
    for lineno, message, _, context in found:
        template.add(message, locations=[("m.py", lineno)], context=context)
    assert "python-brace-format" in template.get("{n} die", context="dice.count").flags
    assert "python-brace-format" not in template.get("Roll", context="button.roll").flags


def test_the_notebook_extractor_gives_pages_and_cells_and_skips_translated_trees(page):
    translated = files.NOTEBOOKS / "es" / "game" / "01_page.ipynb"
    tiny_notebook(translated)
    template = babel_commands.fresh_template(files.NOTEBOOK_DOMAIN)
    found = [(m.context, m.id, m.locations, m.auto_comments) for m in template if m.id]
    assert ("game/01_page.ipynb", "Some words here.", [("game/01_page.ipynb", 1)], []) in found
    assert (
        "game/01_page.ipynb",
        "a long sentence of {n} words",
        [("game/01_page.ipynb", 2)],
        [CODE_COMMENT],
    ) in found
    assert {context for context, *_ in found} == {"00_index.ipynb", "game/01_page.ipynb"}
    assert len(found) == 2 * 5  # per page: 3 Markdown blocks, 2 marked strings


def test_a_template_behind_its_sources_is_named(monkeypatch):
    real = babel_commands.fresh_template

    def grown(domain):
        fresh = real(domain)
        if domain == "martian_kit":
            fresh.add("A brand new sentence", context="new.sentence")
        return fresh

    monkeypatch.setattr(babel_commands, "fresh_template", grown)
    problems, _ = checks.check_templates()
    assert [(p.path.name, p.context) for p in problems] == [("martian_kit.pot", "new.sentence")]
    assert "new in the sources: run `tools/i18n.py extract`" in problems[0].what


def test_a_mo_not_compiled_from_its_po_is_named(kit_tree):
    assert [p.path.name for p in checks.check_compiled("es")] == ["martian_kit.mo"]  # none yet
    assert babel_commands.compile_catalogues(["es"]) == [files.mo_path("martian_kit", "es")]
    assert checks.check_compiled("es") == []
    write(kit_tree, spanish(**{"button.roll": "Volver a tirar"}))
    problems = checks.check_compiled("es")
    assert len(problems) == 1 and "not compiled from the current po" in problems[0].what
