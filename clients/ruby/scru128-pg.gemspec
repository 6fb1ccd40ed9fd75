Gem::Specification.new do |spec|
  spec.name = "scru128-pg"
  spec.version = "1.5.0"
  spec.summary = "ruby-pg coders and ActiveRecord types for the scru128 PostgreSQL extension"
  spec.description = "Text and binary coders for the scru128, scru160, scru64, ulid and typeid types " \
    "(and their arrays) for ruby-pg's type maps, and their registration in " \
    "ActiveRecord's PostgreSQL adapter, schema.rb included."
  spec.authors = ["the scru128 extension developers"]
  spec.license = "PostgreSQL"
  spec.files = Dir["lib/**/*.rb"] + ["README.md"]
  spec.require_paths = ["lib"]
  spec.required_ruby_version = ">= 2.7"
  spec.add_dependency "pg", ">= 1.4", "< 2"
  spec.add_development_dependency "activerecord", ">= 6.1", "< 7"
  spec.add_development_dependency "minitest", ">= 5"
end
